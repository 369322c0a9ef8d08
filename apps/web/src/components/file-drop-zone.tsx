import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';

type Props = {
  /** What to drop, e.g. "Drop a template file here". */
  prompt: string;
  /** The button's label, which also names the (hidden) file input it opens. */
  buttonLabel: string;
  /** File types the picker offers, as the input's `accept` (extensions and media types). */
  accept?: string;
  /** A line under the prompt: formats and size limit. */
  hint?: ReactNode;
  disabled?: boolean;
  /** The one file chosen or dropped (the first, when several are dropped). */
  onFile: (file: File) => void;
};

/**
 * A place to drop one file, with a button that opens the file picker for those who do not drag (and
 * for keyboards). Dropping on it while disabled does nothing.
 */
export function FileDropZone({ prompt, buttonLabel, accept, hint, disabled = false, onFile }: Props) {
  const [over, setOver] = useState(false);
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);

  const allowDrop = (event: DragEvent) => {
    if (disabled) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (!disabled && file) onFile(file);
  };

  return (
    <Box
      onDragEnter={allowDrop}
      onDragOver={allowDrop}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      sx={{
        p: 3,
        border: 2,
        borderStyle: 'dashed',
        borderRadius: 1,
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : undefined,
        textAlign: 'center',
        opacity: disabled ? 0.6 : 1,
      }}
    >
      <UploadFileIcon aria-hidden color={over ? 'primary' : 'action'} sx={{ fontSize: 40 }} />
      <Typography sx={{ fontWeight: 500 }}>{prompt}</Typography>
      {hint && (
        <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {hint}
        </Typography>
      )}
      <Button
        variant="outlined"
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        onClick={() => input.current?.click()}
        sx={{ mt: hint ? 0 : 2 }}
      >
        {buttonLabel}
      </Button>
      {/* Opened by the button: a file input inside a button would nest one control in another. */}
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        disabled={disabled}
        aria-label={buttonLabel}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so that choosing the same file again (after fixing it) is a change too.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </Box>
  );
}

import { useId, useRef, useState, type DragEvent } from 'react';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

type Props = {
  disabled?: boolean;
  /** Several files at once (the default), or one: a new version is one file. */
  multiple?: boolean;
  /** Every file dropped or chosen at once. */
  onFiles: (files: File[]) => void;
};

/**
 * Where files are dropped, several at once, with a "Choose files" button that opens the file picker
 * for those who do not drag (and for keyboards). Dropping while disabled does nothing.
 */
export function EvidenceDropZone({ disabled = false, multiple = true, onFiles }: Props) {
  const [over, setOver] = useState(false);
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);

  const allowDrop = (event: DragEvent) => {
    event.preventDefault();
    if (disabled) {
      event.dataTransfer.dropEffect = 'none';
      return;
    }
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const drop = (event: DragEvent) => {
    // Never let the browser open the file in place of the application.
    event.preventDefault();
    setOver(false);
    const files = Array.from(event.dataTransfer.files);
    if (!disabled && files.length > 0) onFiles(files);
  };

  return (
    <Box
      data-testid="evidence-drop-zone"
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
      <CloudUploadIcon aria-hidden color={over ? 'primary' : 'action'} sx={{ fontSize: 40 }} />
      <Typography sx={{ fontWeight: 500 }}>{multiple ? 'Drop files here' : 'Drop the file here'}</Typography>
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {multiple ? 'Any kind of file, several at once, up to 100 MB each.' : 'Any kind of file, up to 100 MB.'} Text in PDF, Word, text, Markdown, CSV and JSON files becomes searchable.
      </Typography>
      <Button variant="outlined" disabled={disabled} aria-describedby={hintId} onClick={() => input.current?.click()}>
        {multiple ? 'Choose files' : 'Choose a file'}
      </Button>
      {/* Opened by the button: a file input inside a button would nest one control in another. */}
      <input
        ref={input}
        type="file"
        multiple={multiple}
        hidden
        disabled={disabled}
        aria-label={multiple ? 'Choose files' : 'Choose a file'}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared, so that choosing the same file again is a change too.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </Box>
  );
}

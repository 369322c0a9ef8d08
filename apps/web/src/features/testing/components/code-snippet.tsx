import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { copyToClipboard } from '../../../components/clipboard';
import { notifyError, notifySuccess } from '../../../lib/notifier';

/** A ready-to-copy block of code with its title and a Copy button. */
export function CodeSnippet({ id, title, code }: { id: string; title: string; code: string }) {
  const copy = async () => {
    if (await copyToClipboard(code)) notifySuccess(`${title} copied`);
    else notifyError('The browser refused to copy: select the text and copy it by hand');
  };
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography id={id} variant="subtitle2" component="h5">
          {title}
        </Typography>
        <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy()} aria-label={`Copy the ${title}`}>
          Copy
        </Button>
      </Stack>
      <Box
        component="pre"
        tabIndex={0}
        aria-labelledby={id}
        sx={{ m: 0, p: 1.5, borderRadius: 1, bgcolor: 'action.hover', overflowX: 'auto', fontSize: '0.8125rem', fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
      >
        <code>{code}</code>
      </Box>
    </Box>
  );
}

import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** What could not be loaded, with a Retry button: the one way every screen reports a failed read. */
export function RetryAlert({ children, onRetry, sx }: { children: ReactNode; onRetry: () => void; sx?: object }) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

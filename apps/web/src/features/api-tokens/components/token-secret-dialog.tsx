import Alert from '@mui/material/Alert';
import type { CreatedApiToken } from '@aegis/contracts';
import { CopyableField } from '../../../components/copyable-field';
import { ShownOnceDialog } from '../../../components/shown-once-dialog';
import { useRetained } from '../../../components/use-retained';

type Props = { token: CreatedApiToken | null; onClose: () => void };

/** Shows a new token's secret: the only time it is ever visible. */
export function TokenSecretDialog({ token: requested, onClose }: Props) {
  const token = useRetained(requested);
  return (
    <ShownOnceDialog id="token-secret" open={requested !== null} onClose={onClose} title={`Token “${token?.name ?? ''}” created`}>
      <Alert severity="warning" sx={{ mb: 2 }}>
        Copy this token now. It will not be shown again.
      </Alert>
      <CopyableField
        label="Token"
        value={token?.token ?? ''}
        copyLabel="Copy token"
        copied="Token copied to the clipboard"
        copyFailed="Could not copy automatically: select the token and copy it yourself."
      />
    </ShownOnceDialog>
  );
}

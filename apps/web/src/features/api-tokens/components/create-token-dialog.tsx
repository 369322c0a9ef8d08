import { useState, type FormEvent } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { API_TOKEN_DEFAULT_TTL_DAYS, API_TOKEN_MAX_TTL_DAYS, type CreatedApiToken } from '@aegis/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { formatDate } from '../../../lib/format';
import { createTokenSchema, useCreateApiToken } from '../api/create-api-token';

/** Every token expires: a forgotten one must not stay valid for ever (at most a year). */
const EXPIRY_DAYS = [30, API_TOKEN_DEFAULT_TTL_DAYS, 180, API_TOKEN_MAX_TTL_DAYS] as const;
const DEFAULT_EXPIRY = String(API_TOKEN_DEFAULT_TTL_DAYS);

function expiresAt(choice: string): string {
  return new Date(Date.now() + Number(choice) * 24 * 3600 * 1000).toISOString();
}

type Props = { open: boolean; onClose: () => void; onCreated: (token: CreatedApiToken) => void };

export function CreateTokenDialog({ open, onClose, onCreated }: Props) {
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState(DEFAULT_EXPIRY);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateApiToken();

  const close = () => {
    setName('');
    setExpiry(DEFAULT_EXPIRY);
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createTokenSchema.safeParse({ name, expires_at: expiresAt(expiry) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid name');
      return;
    }
    const token = await create.mutateAsync(parsed.data);
    setName('');
    setExpiry(DEFAULT_EXPIRY);
    setError(null);
    onCreated(token);
  };

  return (
    <FormDialog
      id="create-token"
      open={open}
      onClose={close}
      maxWidth="xs"
      title="Create API token"
      submitLabel="Create"
      pending={create.isPending}
      onSubmit={(event) => void submit(event).catch(() => undefined)}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={Boolean(error)}
          helperText={error ?? 'What the token is for, e.g. "CI pipeline"'}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          required
          autoFocus
          fullWidth
        />
        <TextField
          select
          label="Expires after"
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
          helperText={`The token stops working on ${formatDate(expiresAt(expiry))}.`}
          fullWidth
        >
          {EXPIRY_DAYS.map((days) => (
            <MenuItem key={days} value={String(days)}>
              {days === API_TOKEN_MAX_TTL_DAYS ? '1 year' : `${days} days`}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </FormDialog>
  );
}

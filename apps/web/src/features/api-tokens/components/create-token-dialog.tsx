import { useState, type FormEvent } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { CreatedApiToken } from '@aegis/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { createTokenSchema, useCreateApiToken } from '../api/create-api-token';

const EXPIRY_OPTIONS = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'No expiration' },
] as const;

function expiresAt(choice: string): string | null {
  if (choice === 'never') return null;
  return new Date(Date.now() + Number(choice) * 24 * 3600 * 1000).toISOString();
}

type Props = { open: boolean; onClose: () => void; onCreated: (token: CreatedApiToken) => void };

export function CreateTokenDialog({ open, onClose, onCreated }: Props) {
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('90');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateApiToken();

  const close = () => {
    setName('');
    setExpiry('90');
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
    setExpiry('90');
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
        <TextField select label="Expires" value={expiry} onChange={(event) => setExpiry(event.target.value)} fullWidth>
          {EXPIRY_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </FormDialog>
  );
}

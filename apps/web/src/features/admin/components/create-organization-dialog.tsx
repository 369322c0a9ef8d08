import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { fieldErrorsFromApiError, focusFirstInvalid, type FieldErrors } from '../../../components/field-errors';
import { createOrganizationSchema, useCreateOrganization, type CreatedOrganization } from '../api/create-organization';
import { OrganizationFields, organizationFieldErrors, quotaFromText } from './organization-fields';

type Props = { open: boolean; onClose: () => void; onCreated: (organization: CreatedOrganization) => void };

const EMPTY = { name: '', quota: '', adminEmail: '' };

export function CreateOrganizationDialog({ open, onClose, onCreated }: Props) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateOrganization();

  const reset = () => {
    setValues(EMPTY);
    setErrors({});
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = createOrganizationSchema.safeParse({
      name: values.name,
      plan_quota: { projects: quotaFromText(values.quota) },
      admin_email: values.adminEmail.trim() || undefined,
    });
    const found = parsed.success ? {} : organizationFieldErrors(parsed.error.issues, values.quota);
    setErrors(found);
    if (!parsed.success) return focusFirstInvalid(form, found);
    try {
      const created = await create.mutateAsync(parsed.data);
      reset();
      onCreated(created);
    } catch (error) {
      // 409 (name taken) and 422 are already shown as notices; a 422 also marks its fields.
      const fromServer = fieldErrorsFromApiError(error);
      setErrors(fromServer);
      focusFirstInvalid(form, fromServer);
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="create-organization-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="create-organization-title">Create organization</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <OrganizationFields
              values={values}
              errors={errors}
              onChange={(next) => setValues((current) => ({ ...current, ...next }))}
            />
            <TextField
              name="admin_email"
              type="email"
              label="First admin's email"
              value={values.adminEmail}
              onChange={(event) => setValues((current) => ({ ...current, adminEmail: event.target.value }))}
              error={Boolean(errors.admin_email)}
              helperText={errors.admin_email ?? 'Optional. You get a sign-up link to share with them (it is also e-mailed where the server can send mail).'}
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 320 } }}
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            Create
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

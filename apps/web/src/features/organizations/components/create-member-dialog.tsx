import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { OrganizationMember, OrganizationRole } from '@aegis/contracts';
import { fieldErrorsFromApiError, fieldErrorsFromIssues, focusFirstInvalid, type FieldErrors } from '../../../components/field-errors';
import { createMemberSchema, useCreateMember } from '../api/create-member';
import { RoleSelect } from './role-select';

type Props = {
  organizationId: string;
  open: boolean;
  roles: readonly OrganizationRole[];
  onClose: () => void;
  onCreated: (member: OrganizationMember) => void;
};

const EMPTY = { email: '', firstname: '', lastname: '', role: 'member' as OrganizationRole, password: '' };

/** Admins add a member at once, without an invitation; a password lets them sign in with the embedded provider. */
export function CreateMemberDialog({ organizationId, open, roles, onClose, onCreated }: Props) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateMember(organizationId);
  const set = (field: keyof typeof EMPTY) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

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
    const parsed = createMemberSchema.safeParse({
      email: values.email.trim(),
      firstname: values.firstname,
      lastname: values.lastname,
      role: values.role,
      password: values.password === '' ? undefined : values.password,
    });
    const found = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
    setErrors(found);
    if (!parsed.success) return focusFirstInvalid(form, found);
    try {
      const member = await create.mutateAsync(parsed.data);
      reset();
      onCreated(member);
    } catch (error) {
      const fromServer = fieldErrorsFromApiError(error);
      setErrors(fromServer);
      focusFirstInvalid(form, fromServer);
    }
  };

  const text = (field: 'email' | 'firstname' | 'lastname', label: string, extra: { type?: string; autoFocus?: boolean; maxLength: number }) => (
    <TextField
      name={field}
      type={extra.type}
      label={label}
      value={values[field]}
      onChange={(event) => set(field)(event.target.value)}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      autoComplete="off"
      slotProps={{ htmlInput: { maxLength: extra.maxLength } }}
      autoFocus={extra.autoFocus}
      required
      fullWidth
    />
  );

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="create-member-title" aria-describedby="create-member-text">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="create-member-title">Create user</DialogTitle>
        <DialogContent>
          <DialogContentText id="create-member-text" sx={{ mb: 2 }}>
            The person becomes a member at once, without an invitation.
          </DialogContentText>
          <Stack spacing={2}>
            {text('email', 'Email', { type: 'email', autoFocus: true, maxLength: 320 })}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {text('firstname', 'First name', { maxLength: 100 })}
              {text('lastname', 'Last name', { maxLength: 100 })}
            </Stack>
            <RoleSelect value={values.role} roles={roles} onChange={set('role')} error={errors.role} />
            <TextField
              name="password"
              type="password"
              label="Initial password"
              value={values.password}
              onChange={(event) => set('password')(event.target.value)}
              error={Boolean(errors.password)}
              helperText={errors.password ?? 'Optional. At least 8 characters; leave empty if they sign in through your identity provider.'}
              autoComplete="new-password"
              slotProps={{ htmlInput: { maxLength: 200 } }}
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

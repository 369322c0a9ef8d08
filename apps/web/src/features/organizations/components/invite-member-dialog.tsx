import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Invitation, OrganizationRole } from '@aegis/contracts';
import { fieldErrorsFromApiError, fieldErrorsFromIssues, focusFirstInvalid, type FieldErrors } from '../../../components/field-errors';
import { inviteMemberSchema, useInviteMember } from '../api/invite-member';
import { RoleSelect } from './role-select';

type Props = {
  organizationId: string;
  open: boolean;
  roles: readonly OrganizationRole[];
  onClose: () => void;
  onInvited: (invitation: Invitation) => void;
};

const EMPTY = { email: '', role: 'member' as OrganizationRole, firstname: '', lastname: '' };

export function InviteMemberDialog({ organizationId, open, roles, onClose, onInvited }: Props) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const invite = useInviteMember(organizationId);
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
    const parsed = inviteMemberSchema.safeParse({
      email: values.email.trim(),
      role: values.role,
      firstname: values.firstname.trim() || undefined,
      lastname: values.lastname.trim() || undefined,
    });
    const found = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
    setErrors(found);
    if (!parsed.success) return focusFirstInvalid(form, found);
    try {
      const invitation = await invite.mutateAsync(parsed.data);
      reset();
      onInvited(invitation);
    } catch (error) {
      // 409 and 422 are already shown as notices; a 422 also marks its fields.
      const fromServer = fieldErrorsFromApiError(error);
      setErrors(fromServer);
      focusFirstInvalid(form, fromServer);
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="invite-member-title" aria-describedby="invite-member-text">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="invite-member-title">Invite user</DialogTitle>
        <DialogContent>
          <DialogContentText id="invite-member-text" sx={{ mb: 2 }}>
            You get a sign-up link that lets them create their account and join the organization. Share it with them: it is e-mailed
            only where this platform sends e-mail.
          </DialogContentText>
          <Stack spacing={2}>
            <TextField
              name="email"
              type="email"
              label="Email"
              value={values.email}
              onChange={(event) => set('email')(event.target.value)}
              error={Boolean(errors.email)}
              helperText={errors.email}
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 320 } }}
              required
              autoFocus
              fullWidth
            />
            <RoleSelect value={values.role} roles={roles} onChange={set('role')} error={errors.role} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                name="firstname"
                label="First name"
                value={values.firstname}
                onChange={(event) => set('firstname')(event.target.value)}
                error={Boolean(errors.firstname)}
                helperText={errors.firstname ?? 'Optional'}
                slotProps={{ htmlInput: { maxLength: 100 } }}
                fullWidth
              />
              <TextField
                name="lastname"
                label="Last name"
                value={values.lastname}
                onChange={(event) => set('lastname')(event.target.value)}
                error={Boolean(errors.lastname)}
                helperText={errors.lastname ?? 'Optional'}
                slotProps={{ htmlInput: { maxLength: 100 } }}
                fullWidth
              />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" loading={invite.isPending}>
            Invite
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

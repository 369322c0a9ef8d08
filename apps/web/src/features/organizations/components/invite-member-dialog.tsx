import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Invitation, OrganizationRole } from '@aegis/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { useFormFields } from '../../../components/use-form-fields';
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
  const { values, errors, set, reset, handleSubmit } = useFormFields(EMPTY);
  const invite = useInviteMember(organizationId);

  const close = () => {
    reset();
    onClose();
  };

  const submit = handleSubmit(
    () =>
      inviteMemberSchema.safeParse({
        email: values.email.trim(),
        role: values.role,
        firstname: values.firstname.trim() || undefined,
        lastname: values.lastname.trim() || undefined,
      }),
    async (input) => {
      const invitation = await invite.mutateAsync(input);
      reset();
      onInvited(invitation);
    },
  );

  const name = (field: 'firstname' | 'lastname', label: string) => (
    <TextField
      name={field}
      label={label}
      value={values[field]}
      onChange={(event) => set(field)(event.target.value)}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? 'Optional'}
      slotProps={{ htmlInput: { maxLength: 100 } }}
      fullWidth
    />
  );

  return (
    <FormDialog
      id="invite-member"
      open={open}
      onClose={close}
      title="Invite user"
      text="You get a sign-up link that lets them create their account and join the organization. Share it with them: it is e-mailed only where this platform sends e-mail."
      submitLabel="Invite"
      pending={invite.isPending}
      onSubmit={submit}
    >
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
          {name('firstname', 'First name')}
          {name('lastname', 'Last name')}
        </Stack>
      </Stack>
    </FormDialog>
  );
}

import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { OrganizationMember, OrganizationRole } from '@aegis/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { useFormFields } from '../../../components/use-form-fields';
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
  const { values, errors, set, reset, handleSubmit } = useFormFields(EMPTY);
  const create = useCreateMember(organizationId);

  const close = () => {
    reset();
    onClose();
  };

  const submit = handleSubmit(
    () =>
      createMemberSchema.safeParse({
        email: values.email.trim(),
        firstname: values.firstname,
        lastname: values.lastname,
        role: values.role,
        password: values.password === '' ? undefined : values.password,
      }),
    async (input) => {
      const member = await create.mutateAsync(input);
      reset();
      onCreated(member);
    },
  );

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
    <FormDialog
      id="create-member"
      open={open}
      onClose={close}
      title="Create user"
      text="The person becomes a member at once, without an invitation."
      submitLabel="Create"
      pending={create.isPending}
      onSubmit={submit}
    >
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
    </FormDialog>
  );
}

import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FormDialog } from '../../../components/form-dialog';
import { useFormFields } from '../../../components/use-form-fields';
import { createOrganizationSchema, useCreateOrganization, type CreatedOrganization } from '../api/create-organization';
import { OrganizationFields, organizationFieldErrors, quotaFromText } from './organization-fields';

type Props = { open: boolean; onClose: () => void; onCreated: (organization: CreatedOrganization) => void };

const EMPTY = { name: '', quota: '', adminEmail: '' };

export function CreateOrganizationDialog({ open, onClose, onCreated }: Props) {
  const { values, setValues, errors, set, reset, handleSubmit } = useFormFields(EMPTY);
  const create = useCreateOrganization();

  const close = () => {
    reset();
    onClose();
  };

  const submit = handleSubmit(
    () =>
      createOrganizationSchema.safeParse({
        name: values.name,
        plan_quota: { projects: quotaFromText(values.quota) },
        admin_email: values.adminEmail.trim() || undefined,
      }),
    async (input) => {
      const created = await create.mutateAsync(input);
      reset();
      onCreated(created);
    },
    (issues) => organizationFieldErrors(issues, values.quota),
  );

  return (
    <FormDialog
      id="create-organization"
      open={open}
      onClose={close}
      title="Create organization"
      submitLabel="Create"
      pending={create.isPending}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <OrganizationFields values={values} errors={errors} onChange={(next) => setValues((current) => ({ ...current, ...next }))} />
        <TextField
          name="admin_email"
          type="email"
          label="First admin's email"
          value={values.adminEmail}
          onChange={(event) => set('adminEmail')(event.target.value)}
          error={Boolean(errors.admin_email)}
          helperText={errors.admin_email ?? 'Optional. You get a sign-up link to share with them (it is also e-mailed where the server can send mail).'}
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 320 } }}
          fullWidth
        />
      </Stack>
    </FormDialog>
  );
}

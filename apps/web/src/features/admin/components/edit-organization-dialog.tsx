import type { FormEvent } from 'react';
import Dialog from '@mui/material/Dialog';
import Stack from '@mui/material/Stack';
import type { OrganizationMetrics } from '@aegis/contracts';
import { DialogForm } from '../../../components/form-dialog';
import { useFormFields } from '../../../components/use-form-fields';
import { useRetained } from '../../../components/use-retained';
import { notifySuccess } from '../../../lib/notifier';
import { updateOrganizationSchema, useUpdateOrganization } from '../api/update-organization';
import { OrganizationFields, organizationFieldErrors, quotaFromText, quotaToText, type OrganizationFormValues } from './organization-fields';

type Props = { organization: OrganizationMetrics | null; onClose: () => void };

/** Opens with the organization's values; remounts (by key) for each organization. */
export function EditOrganizationDialog({ organization: requested, onClose }: Props) {
  const organization = useRetained(requested);
  return (
    <Dialog open={requested !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="edit-organization-title">
      {organization && <EditOrganizationForm key={organization.organization_id} organization={organization} onClose={onClose} />}
    </Dialog>
  );
}

function EditOrganizationForm({ organization, onClose }: { organization: OrganizationMetrics; onClose: () => void }) {
  const { values, setValues, errors, showErrors, showRefusal } = useFormFields<OrganizationFormValues>({
    name: organization.name,
    quota: quotaToText(organization.plan_quota.projects),
  });
  const update = useUpdateOrganization();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // Only what changed is sent: a rename must not rewrite the quota someone else just changed.
    const projects = quotaFromText(values.quota);
    const changes: Record<string, unknown> = {};
    if (values.name.trim() !== organization.name) changes.name = values.name;
    if (projects !== organization.plan_quota.projects) changes.plan_quota = { projects };
    if (Object.keys(changes).length === 0) return onClose();

    const parsed = updateOrganizationSchema.safeParse(changes);
    showErrors(form, parsed.success ? {} : organizationFieldErrors(parsed.error.issues, values.quota));
    if (!parsed.success) return;
    try {
      const updated = await update.mutateAsync({ organizationId: organization.organization_id, patch: parsed.data });
      notifySuccess(`Organization “${updated.name}” saved`);
      onClose();
    } catch (error) {
      // 409 (name taken, or a quota below the projects in use) and 422 are already shown as notices; a 422 also marks its fields.
      showRefusal(form, error);
    }
  };

  return (
    <DialogForm
      id="edit-organization"
      title={`Edit organization “${organization.name}”`}
      submitLabel="Save"
      pending={update.isPending}
      onSubmit={(event) => void submit(event)}
      onCancel={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <OrganizationFields values={values} errors={errors} onChange={setValues} />
      </Stack>
    </DialogForm>
  );
}

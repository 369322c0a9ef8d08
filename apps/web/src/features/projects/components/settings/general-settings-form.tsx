import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import type { Project, UpdateProject } from '@aegis/contracts';
import { fieldErrorsFromApiError, fieldErrorsFromIssues, focusFirstInvalid, type FieldErrors } from '../../../../components/field-errors';
import { ApiError, errorDetail } from '../../../../lib/errors';
import { notifySuccess } from '../../../../lib/notifier';
import { organizationQuotaQuery } from '../../api/get-organization-quota';
import { updateProjectSchema, useUpdateProject } from '../../api/update-project';
import { typeChangeBlocker } from '../../project-quota';
import { ProjectFields, type ProjectFieldValues } from '../project-fields';

type Values = ProjectFieldValues;

const valuesOf = (project: Project): Values => ({ name: project.name, project_type: project.project_type, description: project.description });

/** The fields that differ from the saved project (surrounding spaces do not count), as the update sends them. */
function changesOf(values: Values, project: Project): UpdateProject {
  return {
    ...(values.name.trim() === project.name ? {} : { name: values.name }),
    ...(values.project_type === project.project_type ? {} : { project_type: values.project_type }),
    ...(values.description.trim() === project.description ? {} : { description: values.description }),
  };
}

type Props = { project: Project };

/**
 * Name, type and description. Render it keyed by the project's updated_at: a saved change replaces the
 * cached project, and the form starts again from what the server now holds.
 */
export function GeneralSettingsForm({ project }: Props) {
  const [values, setValues] = useState<Values>(() => valuesOf(project));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateProject(project);
  const changes = changesOf(values, project);
  const changed = Object.keys(changes).length > 0;
  const quota = useQuery({ ...organizationQuotaQuery(project.organization_id), enabled: changes.project_type !== undefined });
  const blocker = changes.project_type ? typeChangeBlocker(quota.data, changes.project_type) : null;

  const discard = () => {
    setValues(valuesOf(project));
    setErrors({});
    setFailure(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!changed || blocker) return;
    const form = event.currentTarget;
    setFailure(null);
    const parsed = updateProjectSchema.safeParse(changes);
    const found = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
    setErrors(found);
    if (!parsed.success) return focusFirstInvalid(form, found);
    try {
      await update.mutateAsync(parsed.data);
      notifySuccess('Project settings saved');
    } catch (error) {
      const fromServer = fieldErrorsFromApiError(error);
      setErrors(fromServer);
      // A 422 is told next to its fields; anything else (409: name taken, no quota room) above the buttons.
      if (!(error instanceof ApiError && error.status === 422 && Object.keys(fromServer).length > 0)) setFailure(errorDetail(error));
      focusFirstInvalid(form, fromServer);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="project-general-title">
      <Stack spacing={3}>
        <ProjectFields
          values={values}
          errors={errors}
          onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
          afterType={blocker && <Alert severity="warning">{blocker}</Alert>}
        />
        {failure && <Alert severity="error">{failure}</Alert>}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={discard} disabled={!changed || update.isPending}>
            Discard changes
          </Button>
          <Button type="submit" variant="contained" disabled={!changed || Boolean(blocker)} loading={update.isPending}>
            Save
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

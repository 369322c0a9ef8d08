import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { ProjectType } from '@aegis/contracts';
import { fieldErrorsFromApiError, fieldErrorsFromIssues, focusFirstInvalid, type FieldErrors } from '../../../components/field-errors';
import { notifySuccess } from '../../../lib/notifier';
import { createProjectSchema, useCreateProject } from '../api/create-project';
import { useOrganizationQuota } from '../api/get-organization-quota';
import { projectDetailPath } from '../components/project-labels';
import { FrameworkPicker } from '../components/framework-picker';
import { ProjectFields, type ProjectFieldValues } from '../components/project-fields';
import { canCreateProject, quotaBlocker, quotaSummary } from '../project-quota';
import { useOrganizationId } from '../use-organization-id';
import { RetryAlert } from '../../../components/retry-alert';
import { usePageTitle } from '../../../components/use-page-title';

type Values = ProjectFieldValues & { frameworks: string[] };

const EMPTY: Values = { name: '', project_type: 'ai_application', description: '', frameworks: [] };

function QuotaNote({ organizationId, type }: { organizationId: string; type: ProjectType }) {
  const quota = useOrganizationQuota(organizationId);
  if (quota.isPending) {
    return (
      <Typography variant="body2" color="text.secondary" role="status">
        Loading the project quota… You can create the project once it has loaded.
      </Typography>
    );
  }
  if (quota.isError) {
    return (
      <RetryAlert onRetry={() => void quota.refetch()}>
        The project quota could not be loaded, so the project cannot be created yet.
      </RetryAlert>
    );
  }
  const blocker = quotaBlocker(quota.data, type);
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {quotaSummary(quota.data, type)}
      </Typography>
      {blocker && <Alert severity="warning">{blocker}</Alert>}
    </Stack>
  );
}

/** The creation form; the creator becomes the project's Owner. */
export function NewProjectForm({ organizationId }: { organizationId: string }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const quota = useOrganizationQuota(organizationId);
  const create = useCreateProject(organizationId);
  const allowed = canCreateProject(quota.data, values.project_type);
  const set = <K extends keyof Values>(field: K) => (value: Values[K]) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!allowed) return;
    const form = event.currentTarget;
    const parsed = createProjectSchema.safeParse(values);
    const found = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
    setErrors(found);
    if (!parsed.success) return focusFirstInvalid(form, found);
    try {
      const project = await create.mutateAsync(parsed.data);
      notifySuccess('Project created');
      await navigate(projectDetailPath(project.id));
    } catch (error) {
      // The API client has shown the notice (409 names the limit); a 422 also marks its fields.
      const fromServer = fieldErrorsFromApiError(error);
      setErrors(fromServer);
      focusFirstInvalid(form, fromServer);
    }
  };

  return (
    <Box component="section" aria-labelledby="new-project-title" sx={{ maxWidth: 800 }}>
      <Typography id="new-project-title" variant="h4" component="h1">
        New project
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        You become the project’s Owner and can add others to it afterwards.
      </Typography>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="new-project-title">
          <Stack spacing={3}>
            <ProjectFields
              values={values}
              errors={errors}
              onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
              afterType={<QuotaNote organizationId={organizationId} type={values.project_type} />}
              autoFocus
            />
            <FrameworkPicker organizationId={organizationId} projectType={values.project_type} value={values.frameworks} onChange={set('frameworks')} error={errors.frameworks} />
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button component={RouterLink} to="/projects">
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={!allowed} loading={create.isPending}>
                Create project
              </Button>
            </Stack>
          </Stack>
        </form>
      </Paper>
    </Box>
  );
}

/** new-project: creates a project in the current organization. */
export function NewProjectScreen() {
  usePageTitle('New project');
  const organizationId = useOrganizationId();
  if (!organizationId) return null;
  return <NewProjectForm organizationId={organizationId} />;
}

export default NewProjectScreen;

import { useState, type FormEvent } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { MAX_PAGE_SIZE, type Project } from '@aegis/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { RetryAlert } from '../../../components/retry-alert';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { applyFrameworksSchema, useApplyFrameworks } from '../api/apply-frameworks';
import { useTemplates } from '../api/list-templates';

type Props = {
  project: Pick<Project, 'id' | 'organization_id' | 'project_type'>;
  /** Codes the project applies already: not offered again. */
  applied: readonly string[];
  contentManagementEnabled: boolean;
  open: boolean;
  onClose: () => void;
};

/**
 * Offers the frameworks the organization can apply to this project's type that it does not apply
 * yet. Render it with a new key each time it opens, so that it starts with nothing ticked.
 */
export function ApplyFrameworksDialog({ project, applied, contentManagementEnabled, open, onClose }: Props) {
  const templates = useTemplates(project.organization_id, { projectType: project.project_type, includeDisabled: false, sortBy: 'name', descending: false, page: 1, size: MAX_PAGE_SIZE });
  const apply = useApplyFrameworks(project.id, contentManagementEnabled);
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const available = templates.data?.items.filter((framework) => !applied.includes(framework.framework_code));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = applyFrameworksSchema.safeParse(chosen);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Choose a framework');
      return;
    }
    setProblem(null);
    try {
      await apply.mutateAsync(checked.data);
    } catch (error) {
      setProblem(errorDetail(error));
      return;
    }
    const names = (available ?? []).filter((f) => checked.data.includes(f.framework_code)).map((f) => f.name);
    notifySuccess(names.length === 1 ? `${names[0]} applied` : `${names.length} frameworks applied`);
    onClose();
  };

  return (
    <FormDialog
      id="apply-frameworks"
      open={open}
      onClose={onClose}
      title="Apply frameworks"
      text="The project takes on each framework’s requirements and their controls. A control several frameworks share is set up once and counts for all of them."
      error={problem}
      submitLabel="Apply"
      submitDisabled={!available || available.length === 0}
      pending={apply.isPending}
      onSubmit={(event) => void submit(event)}
    >
      {templates.isPending && <LinearProgress aria-label="Loading the frameworks you can apply" />}
      {templates.isError && <RetryAlert onRetry={() => void templates.refetch()}>The frameworks could not be loaded.</RetryAlert>}
      {available && available.length === 0 && (
        <Typography color="text.secondary">
          This project applies every framework your organization offers for its type. An organization admin can switch more on under Organization → Frameworks.
        </Typography>
      )}
      {available && available.length > 0 && (
        <FormGroup aria-label="Frameworks to apply">
          {available.map((framework) => (
            <FormControlLabel
              key={framework.framework_code}
              sx={{ alignItems: 'flex-start', mb: 1 }}
              control={
                <Checkbox
                  checked={chosen.includes(framework.framework_code)}
                  onChange={(event) =>
                    setChosen((current) => (event.target.checked ? [...current, framework.framework_code] : current.filter((code) => code !== framework.framework_code)))
                  }
                  sx={{ pt: 0.25 }}
                />
              }
              label={
                <span>
                  <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                    {framework.name}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary">
                    {`${framework.requirement_count} requirements · ${framework.control_count} controls`}
                  </Typography>
                </span>
              }
            />
          ))}
        </FormGroup>
      )}
    </FormDialog>
  );
}

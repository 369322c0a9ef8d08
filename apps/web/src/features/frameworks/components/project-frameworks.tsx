import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { Project, ProjectFramework } from '@aegis/contracts';
import { RetryAlert } from '../../../components/retry-alert';
import { useProjectFrameworks } from '../api/list-project-frameworks';
import { AppliedFrameworkList } from './applied-framework-list';
import { ApplyFrameworksDialog } from './apply-frameworks-dialog';
import { RemoveFrameworkDialog } from './remove-framework-dialog';

export type ProjectFrameworkAbilities = {
  /** frameworks:create: apply frameworks. */
  apply: boolean;
  /** projects:update: remove them. */
  remove: boolean;
};

type Props = {
  project: Pick<Project, 'id' | 'organization_id' | 'project_type'>;
  abilities: ProjectFrameworkAbilities;
  /** The organization config's content management: applying uses the v1 call. */
  contentManagementEnabled: boolean;
  compact?: boolean;
  /** Frames the parts: the Apply button (null without the right) and the list. */
  children: (parts: { apply: ReactNode; list: ReactNode }) => ReactNode;
};

/** The project's frameworks with their progress, applying and removing them; the caller frames it (a settings section, a dashboard card). */
export function ProjectFrameworks({ project, abilities, contentManagementEnabled, compact = false, children }: Props) {
  const frameworks = useProjectFrameworks(project.id);
  // Each opening gets a new key, so a dialog starts afresh yet still animates its closing.
  const [applying, setApplying] = useState({ key: 0, open: false });
  const [removing, setRemoving] = useState<{ key: number; framework: ProjectFramework | null }>({ key: 0, framework: null });
  const startRemoving = (framework: ProjectFramework) => setRemoving((current) => ({ key: current.key + 1, framework }));
  const applied = frameworks.data?.items ?? [];

  const apply = abilities.apply && (
    <Button variant={compact ? 'outlined' : 'contained'} size={compact ? 'small' : 'medium'} startIcon={<AddIcon />} onClick={() => setApplying((current) => ({ key: current.key + 1, open: true }))} disabled={!frameworks.data} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
      {compact ? 'Apply framework' : 'Apply a framework'}
    </Button>
  );

  const list = (
    <>
      {frameworks.isPending && <LinearProgress aria-label="Loading the project’s frameworks" />}
      {frameworks.isError && <RetryAlert onRetry={() => void frameworks.refetch()}>The project’s frameworks could not be loaded.</RetryAlert>}
      {frameworks.data && applied.length === 0 && (
        <Typography color="text.secondary">
          {abilities.apply ? 'No frameworks applied yet. Apply one to set up its requirements and controls.' : 'No frameworks applied yet.'}
        </Typography>
      )}
      {applied.length > 0 && <AppliedFrameworkList frameworks={applied} compact={compact} onRemove={abilities.remove ? startRemoving : undefined} />}
      {abilities.apply && applying.key > 0 && (
        <ApplyFrameworksDialog
          key={applying.key}
          project={project}
          applied={applied.map((f) => f.framework_code)}
          contentManagementEnabled={contentManagementEnabled}
          open={applying.open}
          onClose={() => setApplying((current) => ({ ...current, open: false }))}
        />
      )}
      {abilities.remove && (
        <RemoveFrameworkDialog
          key={removing.key}
          projectId={project.id}
          framework={removing.framework}
          onClose={() => setRemoving((current) => ({ ...current, framework: null }))}
        />
      )}
    </>
  );

  return <>{children({ apply, list })}</>;
}

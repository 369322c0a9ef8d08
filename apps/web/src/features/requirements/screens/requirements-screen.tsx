import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Project } from '@aegis/contracts';
import { EmptyListText } from '../../../components/paged-list';
import { RetryAlert } from '../../../components/retry-alert';
import { SectionHeading } from '../../../components/section-heading';
import { useUrlSearchText } from '../../../components/use-url-search-text';
import { scopingPath } from '../../../lib/project-paths';
import { useProjectFrameworks } from '../api/list-project-frameworks';
import { FrameworkRequirements } from '../components/framework-requirements';
import { RequirementsFilterBar } from '../components/requirements-filter-bar';
import { useRequirementFilters } from '../use-requirement-filters';

/**
 * project-requirements: per applied framework, its progress and its requirements in tree order, each
 * with the status its controls give it; opened, the controls themselves. Filters live in the URL.
 */
export function RequirementsScreen({ project }: { project: Project }) {
  const { filters, setFramework, setStatus, clear } = useRequirementFilters(project.frameworks.map((framework) => framework.framework_code));
  const searchBox = useUrlSearchText();
  const frameworks = useProjectFrameworks(project.id);
  const shown = (frameworks.data ?? []).filter((framework) => !filters.framework || framework.framework_code === filters.framework);
  const filtered = Boolean(filters.name || filters.framework || filters.status);
  // Which requirements apply is decided on the scoping page: readers see it too.
  const canScope = project.rights.includes('eu_ai_act_settings:read') || project.rights.includes('questionnaire:read');

  return (
    <Box component="section" aria-labelledby="requirements-title">
      <SectionHeading
        id="requirements-title"
        level={2}
        title="Requirements"
        description="What each framework asks of the project. A requirement’s status comes from its controls: completed once all of them are approved."
        action={
          canScope && (
            <Button component={RouterLink} to={scopingPath(project.id)} variant="outlined" startIcon={<TuneIcon />} sx={{ flexShrink: 0 }}>
              Scoping
            </Button>
          )
        }
      />
      <RequirementsFilterBar
        frameworks={project.frameworks}
        filters={filters}
        search={searchBox.text}
        onSearch={searchBox.setText}
        onFramework={setFramework}
        onStatus={setStatus}
        onClear={filtered ? clear : undefined}
      />
      {frameworks.isPending && <LinearProgress aria-label="Loading the frameworks" />}
      {frameworks.isError && <RetryAlert onRetry={() => void frameworks.refetch()}>The project’s frameworks could not be loaded.</RetryAlert>}
      {frameworks.isSuccess && frameworks.data.length === 0 && (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <EmptyListText>No frameworks applied yet: the requirements arrive with the frameworks an owner applies to the project.</EmptyListText>
        </Box>
      )}
      <Stack spacing={3}>
        {shown.map((framework) => (
          <FrameworkRequirements key={framework.framework_code} projectId={project.id} framework={framework} name={filters.name} status={filters.status} />
        ))}
      </Stack>
      {frameworks.isSuccess && frameworks.data.length > 0 && shown.length === 0 && <Typography color="text.secondary">The project does not apply this framework.</Typography>}
    </Box>
  );
}

import { useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_PAGE_SIZE } from '@aegis/contracts';
import { ListPagination } from '../../../components/list-pagination';
import { useDebounced } from '../../../components/use-debounced';
import { useOrganizationQuota } from '../api/get-organization-quota';
import { useProjects } from '../api/list-projects';
import { NewProjectButton } from '../components/new-project-button';
import { ProjectsFilterBar, type TypeFilter } from '../components/projects-filter-bar';
import { ProjectsTable, type ProjectSort } from '../components/projects-table';
import { useOrganizationId } from '../use-organization-id';
import { RetryAlert } from '../../../components/retry-alert';

type Props = { organizationId: string };

/** The organization's projects the signed-in user may see. */
export function ProjectsList({ organizationId }: Props) {
  const [search, setSearch] = useState('');
  const name = useDebounced(search.trim(), 300);
  const [type, setType] = useState<TypeFilter>('all');
  const [sort, setSort] = useState<ProjectSort>({ by: 'name', descending: false });
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const projects = useProjects(organizationId, {
    name: name || undefined,
    projectType: type === 'all' ? undefined : type,
    sortBy: sort.by,
    descending: sort.descending,
    page,
    size,
  });
  const quota = useOrganizationQuota(organizationId);
  const filtered = Boolean(name) || type !== 'all';

  const firstPage = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  return (
    <Box component="section" aria-labelledby="projects-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box>
          <Typography id="projects-title" variant="h4" component="h1">
            Projects
          </Typography>
          <Typography color="text.secondary">The AI applications and management systems you are working on.</Typography>
        </Box>
        <NewProjectButton quota={quota.data} quotaFailed={quota.isError} />
      </Stack>

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <ProjectsFilterBar search={search} onSearch={firstPage(setSearch)} type={type} onType={firstPage(setType)} />
      </Stack>

      <Paper variant="outlined">
        {(projects.isPending || projects.isFetching) && <LinearProgress aria-label="Loading projects" />}
        {projects.isError && (
          <RetryAlert onRetry={() => void projects.refetch()}>
            The projects could not be loaded.
          </RetryAlert>
        )}
        {projects.data && projects.data.total === 0 && filtered && (
          <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
            No projects match {name ? `“${name}”` : 'this filter'}.
          </Typography>
        )}
        {projects.data && projects.data.total === 0 && !filtered && (
          <Stack spacing={1} sx={{ p: 4, alignItems: 'center', textAlign: 'center' }}>
            <Typography sx={{ fontWeight: 600 }}>No projects yet</Typography>
            <Typography color="text.secondary">
              Create a project for an AI application you build, buy or deploy, or for your organization’s AI management system.
            </Typography>
            <NewProjectButton quota={quota.data} quotaFailed={quota.isError} label="Create your first project" />
          </Stack>
        )}
        {projects.data && projects.data.total > 0 && (
          <>
            <ProjectsTable projects={projects.data.items} sort={sort} onSort={firstPage(setSort)} labelledBy="projects-title" />
            <ListPagination
              total={projects.data.total}
              page={page}
              size={size}
              onChange={(nextPage, nextSize) => {
                setPage(nextPage);
                setSize(nextSize);
              }}
            />
          </>
        )}
      </Paper>
    </Box>
  );
}

/** projects: the list of the current organization's projects. */
export function ProjectsScreen() {
  const organizationId = useOrganizationId();
  if (!organizationId) return null;
  return <ProjectsList organizationId={organizationId} />;
}

export default ProjectsScreen;

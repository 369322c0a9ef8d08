import { useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyListText, PagedList } from '../../../components/paged-list';
import { SectionHeading } from '../../../components/section-heading';
import { useSearchableList } from '../../../components/use-list-state';
import { useOrganizationQuota } from '../api/get-organization-quota';
import { useProjects } from '../api/list-projects';
import { NewProjectButton } from '../components/new-project-button';
import { ProjectsFilterBar, type TypeFilter } from '../components/projects-filter-bar';
import { ProjectsTable, type ProjectSort } from '../components/projects-table';
import { useOrganizationId } from '../use-organization-id';
import { usePageTitle } from '../../../components/use-page-title';

type Props = { organizationId: string };

/** The organization's projects the signed-in user may see. */
export function ProjectsList({ organizationId }: Props) {
  const list = useSearchableList();
  const [type, setType] = useState<TypeFilter>('all');
  const [sort, setSort] = useState<ProjectSort>({ by: 'name', descending: false });
  const projects = useProjects(organizationId, {
    name: list.name || undefined,
    projectType: type === 'all' ? undefined : type,
    sortBy: sort.by,
    descending: sort.descending,
    page: list.page,
    size: list.size,
  });
  const quota = useOrganizationQuota(organizationId);
  const filtered = Boolean(list.name) || type !== 'all';

  return (
    <Box component="section" aria-labelledby="projects-title">
      <SectionHeading
        id="projects-title"
        level={1}
        title="Projects"
        description="The AI applications and management systems you are working on."
        action={<NewProjectButton quota={quota.data} quotaFailed={quota.isError} />}
      />

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <ProjectsFilterBar search={list.search} onSearch={list.setSearch} type={type} onType={list.restart(setType)} />
      </Stack>

      <PagedList
        query={projects}
        paging={list}
        loadingLabel="Loading projects"
        errorText="The projects could not be loaded."
        empty={
          filtered ? (
            <EmptyListText>No projects match {list.name ? `“${list.name}”` : 'this filter'}.</EmptyListText>
          ) : (
            <Stack spacing={1} sx={{ p: 4, alignItems: 'center', textAlign: 'center' }}>
              <Typography sx={{ fontWeight: 600 }}>No projects yet</Typography>
              <Typography color="text.secondary">
                Create a project for an AI application you build, buy or deploy, or for your organization’s AI management system.
              </Typography>
              <NewProjectButton quota={quota.data} quotaFailed={quota.isError} label="Create your first project" />
            </Stack>
          )
        }
      >
        {(items) => <ProjectsTable projects={items} sort={sort} onSort={list.restart(setSort)} labelledBy="projects-title" />}
      </PagedList>
    </Box>
  );
}

/** projects: the list of the current organization's projects. */
export function ProjectsScreen() {
  usePageTitle('Projects');
  const organizationId = useOrganizationId();
  if (!organizationId) return null;
  return <ProjectsList organizationId={organizationId} />;
}

export default ProjectsScreen;

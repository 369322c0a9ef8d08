import { Suspense } from 'react';
import Box from '@mui/material/Box';
import { Outlet, useParams } from 'react-router';
import { PageProgress } from '../../../components/page-progress';
import { ApiError } from '../../../lib/errors';
import { useProject } from '../api/get-project';
import { ProjectHeader } from '../components/project-header';
import { ProjectNotFound } from '../components/project-not-found';
import { ProjectTabsNav } from '../components/project-tabs-nav';
import { RequestAccessPanel } from '../components/request-access-panel';
import type { ProjectOutletContext } from '../project-outlet';
import { useClearProjectFiltersOnRouteChange } from '../use-clear-project-filters';
import { RetryAlert } from '../../../components/retry-alert';

/** Why the project did not load: a 404 (or an id that is no id at all, 422) and a 403 have screens of their own. */
function failureOf(error: unknown): 'not-found' | 'no-access' | 'other' {
  if (!(error instanceof ApiError)) return 'other';
  if (error.status === 404 || error.status === 422) return 'not-found';
  return error.status === 403 ? 'no-access' : 'other';
}

/** /projects/project-detail/{id}: the project's name, type and tabs around the tab's screen. */
export function ProjectDetailLayout() {
  const projectId = useParams().id ?? '';
  const project = useProject(projectId);
  useClearProjectFiltersOnRouteChange();

  if (project.isPending) return <PageProgress label="Loading the project…" />;
  const failure = project.isError ? failureOf(project.error) : null;
  // A background refetch that fails for another reason keeps the project on screen.
  if (failure && (failure !== 'other' || !project.data)) {
    if (failure === 'not-found') return <ProjectNotFound />;
    if (failure === 'no-access') return <RequestAccessPanel projectId={projectId} />;
    return (
      <RetryAlert onRetry={() => void project.refetch()}>
        The project could not be loaded.
      </RetryAlert>
    );
  }

  if (!project.data) return null;
  return (
    <Box component="section" aria-labelledby="project-title">
      <ProjectHeader project={project.data} />
      <ProjectTabsNav projectId={project.data.id} rights={project.data.rights} />
      {/* The header and tabs stay while a tab's screen loads. */}
      <Suspense fallback={<PageProgress label="Loading…" />}>
        <Outlet context={{ project: project.data } satisfies ProjectOutletContext} />
      </Suspense>
    </Box>
  );
}

export default ProjectDetailLayout;

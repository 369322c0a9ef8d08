import type { Project, ProjectType } from '@aegis/contracts';

export const PROJECT_TYPE_LABELS: Record<ProjectType, string> = { ai_application: 'AI application', organization: 'Organization' };

export const PROJECT_ROLE_LABELS: Record<Project['roles'][number], string> = {
  owner: 'Owner',
  editor: 'Editor',
  reviewer: 'Reviewer',
  auditor: 'Auditor',
};

export const projectDetailPath = (projectId: string) => `/projects/project-detail/${encodeURIComponent(projectId)}`;

// The labels are shared with the server's PDF export; they live in the contracts.
export { PROJECT_ROLE_LABELS, PROJECT_TYPE_LABELS } from '@aegis/contracts';

export const projectDetailPath = (projectId: string) => `/projects/project-detail/${encodeURIComponent(projectId)}`;

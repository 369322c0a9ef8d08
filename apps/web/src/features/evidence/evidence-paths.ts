import { projectPath } from '../../lib/project-paths';

/** The project's Evidence tab (spec section 2). */
export const evidencePath = (projectId: string) => `${projectPath(projectId)}/evidence`;

/** One evidence's page; the Evidence tab stays the current one on it. */
export const evidenceDetailPath = (projectId: string, evidenceId: string) => `${projectPath(projectId)}/evidence-detail/${encodeURIComponent(evidenceId)}`;

import { projectPath } from '../../lib/project-paths';

/** The project's Assets tab (spec section 2). */
export const assetsPath = (projectId: string) => `${projectPath(projectId)}/assets`;

/** One asset card's page; the Assets tab stays the current one on it. */
export const assetDetailPath = (projectId: string, assetId: string) => `${projectPath(projectId)}/asset-detail/${encodeURIComponent(assetId)}`;

import type { ListControlsQuery } from '@aegis/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { RequestContext } from '../../plugins/auth';
import { appliedFrameworks } from '../frameworks/project-framework-service';
import type { ControlFilters } from './control-repository';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The controls list's query as repository filters. A framework must be one the project applies and a
 * requirement one of the project's (422 naming the field); a tag of another organization is not found.
 */
export async function controlFilters(db: Executor, ctx: RequestContext, projectId: string, query: Partial<ListControlsQuery>): Promise<ControlFilters> {
  const organizationId = ctx.organizationId!;
  const filters: ControlFilters = {
    name: query.name || undefined,
    statuses: query.status?.length ? query.status : undefined,
    needsAttention: query.needs_attention,
    assignedTo: query.is_assigned_to_me ? ctx.user.id : undefined,
    reviewedBy: query.is_assigned_to_me_for_review ? ctx.user.id : undefined,
  };
  if (query.framework) {
    const applied = await appliedFrameworks(db, organizationId, projectId);
    const framework = applied.find((f) => f.code === query.framework);
    if (!framework) {
      const codes = applied.map((f) => f.code).join(', ') || 'none yet';
      throw new AppError(422, `framework: ${query.framework} is not applied to this project (it applies ${codes})`, 'unprocessable_content', [{ path: 'query.framework', message: `must be one of the project's frameworks: ${codes}` }]);
    }
    filters.frameworkId = framework.id;
  }
  if (query.requirement) {
    const found = rowsOf(await db.execute(sql`select 1 from project_requirements where id = ${query.requirement} and organization_id = ${organizationId} and project_id = ${projectId}`));
    if (found.length === 0) {
      throw new AppError(422, 'requirement: not a requirement of this project', 'unprocessable_content', [{ path: 'query.requirement', message: 'is not a requirement of this project' }]);
    }
    filters.requirementId = query.requirement;
  }
  if (query.tags?.length) {
    const own = rowsOf(await db.execute(sql`select id from tags where organization_id = ${organizationId} and id in (${sql.join(query.tags.map((t) => sql`${t}`), sql`, `)})`));
    if (own.length !== new Set(query.tags).size) throw notFound('Tag');
    filters.tagIds = query.tags;
  }
  return filters;
}

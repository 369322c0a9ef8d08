import type { ListRequirementsQuery, Page, RequirementListItem } from '@aegis/contracts';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import type { RequestContext } from '../../plugins/auth';
import { appliedFrameworks } from '../frameworks/project-framework-service';
import { requirementRepository, type RequirementRow } from './requirement-repository';

const toItem = (row: RequirementRow): RequirementListItem => ({
  id: row.id,
  framework_code: row.framework_code,
  framework_name: row.framework_name,
  code: row.code,
  title: row.title,
  summary: row.summary,
  reference: row.reference,
  section: row.section ?? [],
  status: row.status,
  coverage: row.coverage,
  coverage_note: row.coverage_note,
  applicable: Boolean(row.applicable),
  applicability_reason: row.applicable ? null : row.applicability_reason,
  controls_by_status: { ready: row.ready, in_progress: row.in_progress, in_review: row.in_review, approved: row.approved, out_of_scope: row.out_of_scope },
  control_count: row.control_count,
});

/** The requirements of the frameworks a project applies, with the status their controls give them. */
export function requirementService(deps: Pick<Deps, 'db'>) {
  return {
    async list(ctx: RequestContext, projectId: string, query: ListRequirementsQuery): Promise<Page<RequirementListItem>> {
      const organizationId = ctx.organizationId!;
      let frameworkId: string | undefined;
      if (query.framework) {
        const applied = await appliedFrameworks(deps.db, organizationId, projectId);
        frameworkId = applied.find((f) => f.code === query.framework)?.id;
        if (!frameworkId) {
          const codes = applied.map((f) => f.code).join(', ') || 'none yet';
          throw new AppError(422, `framework: ${query.framework} is not applied to this project (it applies ${codes})`, 'unprocessable_content', [{ path: 'query.framework', message: `must be one of the project's frameworks: ${codes}` }]);
        }
      }
      const { items, total } = await requirementRepository.list(deps.db, organizationId, projectId, {
        frameworkId,
        name: query.name || undefined,
        status: query.status,
        sortBy: query.sort_by,
        descending: query.descending,
        page: query.page,
        size: query.size,
      });
      return pageOf(items.map(toItem), total, query.page, query.size);
    },

    /** The status the list gives each requirement row of one of the project's frameworks (by its id), by project requirement id. */
    statuses: (ctx: RequestContext, projectId: string, frameworkId: string) => requirementRepository.statuses(deps.db, ctx.organizationId!, projectId, frameworkId),
  };
}

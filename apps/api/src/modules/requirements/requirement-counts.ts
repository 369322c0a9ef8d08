import { REQUIREMENT_STATUSES, type RequirementStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { requirementRepository } from './requirement-repository';

export type RequirementCounts = { total: number; by_status: Record<RequirementStatus, number> };

const empty = (): RequirementCounts => ({ total: 0, by_status: Object.fromEntries(REQUIREMENT_STATUSES.map((s) => [s, 0])) as Record<RequirementStatus, number> });

/**
 * The project's requirements counted as the requirements list counts them (the same query), in total
 * and per framework id. The dashboard and the frameworks' progress use it.
 */
export async function requirementCounts(db: Executor, organizationId: string, projectId: string) {
  const all = empty();
  const byFramework = new Map<string, RequirementCounts>();
  for (const row of await requirementRepository.countByStatus(db, organizationId, projectId)) {
    const framework = byFramework.get(row.frameworkId) ?? empty();
    byFramework.set(row.frameworkId, framework);
    for (const counts of [all, framework]) {
      counts.total += row.count;
      counts.by_status[row.status] += row.count;
    }
  }
  return { all, byFramework, of: (frameworkId: string) => byFramework.get(frameworkId) ?? empty() };
}

/**
 * How many requirements the project's requirements list shows per framework id (its unfiltered total),
 * for the frameworks' progress, which needs no statuses: deriving them cost the frameworks list half its speed.
 */
export async function requirementTotals(db: Executor, organizationId: string, projectId: string) {
  const totals = await requirementRepository.countByFramework(db, organizationId, projectId);
  return { of: (frameworkId: string) => totals.get(frameworkId) ?? 0 };
}

import type { WorkItemStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { controlRepository } from './control-repository';

export type ControlCounts = { total: number; by_status: Record<WorkItemStatus, number> };

/**
 * The project's controls counted as the controls list counts them (its filters, its WHERE): all of
 * them by status, and those with a review awaiting the user's decision ("To review by me").
 */
export async function controlCounts(db: Executor, organizationId: string, projectId: string, userId: string) {
  const byStatus = await controlRepository.countByStatus(db, organizationId, projectId, {});
  const toReview = await controlRepository.countByStatus(db, organizationId, projectId, { reviewedBy: userId });
  const sum = (counts: Record<WorkItemStatus, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
  return { all: { total: sum(byStatus), by_status: byStatus } satisfies ControlCounts, toReview: sum(toReview) };
}

/**
 * Each framework's controls by the status that framework counts them with (a control kept in scope only
 * by another framework's requirements is out of scope for this one), as the controls list filtered by the
 * framework and a status totals: the frameworks' progress. Applying a framework never moves another's.
 */
export const controlCountsByFramework = (db: Executor, organizationId: string, projectId: string, frameworkIds: readonly string[]) =>
  controlRepository.countByFramework(db, organizationId, projectId, frameworkIds);

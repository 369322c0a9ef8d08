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

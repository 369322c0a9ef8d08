import type { Executor } from '../../db/client';
import { reviewRepository } from './review-repository';

export type Approval = { objectId: string; at: Date; by: string | null; comment: string | null; forced: boolean };

/** The latest approval of each object of a concept — who approved it, when and on what basis — for reports. */
export async function latestApprovals(db: Executor, organizationId: string, concept: string, objectIds: readonly string[]): Promise<Map<string, Approval>> {
  const rows = await reviewRepository.latestApprovals(db, organizationId, concept, objectIds);
  return new Map(rows.map((r) => [r.object_id, { objectId: r.object_id, at: new Date(r.settled_at), by: r.decided_by, comment: r.comment, forced: Boolean(r.forced) }]));
}

import type { Executor } from '../../db/client';
import { AppError, forbidden } from '../../lib/errors';
import { separationOfDuties } from '../organizations/config-service';
import type { ReviewObject } from './review-concept';

/**
 * Separation of duties (docs/separation-of-duties.md), while the organization keeps it: whoever works on
 * an object does not approve it — neither by deciding a review nor by forcing the status. (Nobody decides
 * a review they requested, whatever the setting: review-service.ts.)
 */
export async function assertMayApprove(db: Executor, organizationId: string, object: ReviewObject, userId: string, how: 'approve' | 'force-approve') {
  if (!object.assignees?.includes(userId)) return;
  if (!(await separationOfDuties(db, organizationId))) return;
  throw forbidden(`You are an assignee of ${object.label}: with separation of duties, you cannot ${how} it — someone who does not work on it does`, 'separation_of_duties');
}

/** Naming an assignee as a reviewer is refused up front (422 naming them), so that no request waits on someone who may not approve. */
export async function assertReviewersIndependent(db: Executor, organizationId: string, object: ReviewObject, reviewerIds: readonly string[], reviewerNames: readonly string[]) {
  const assigned = reviewerIds.map((id, at) => ({ id, name: reviewerNames[at] ?? id })).filter((r) => object.assignees?.includes(r.id));
  if (assigned.length === 0) return;
  if (!(await separationOfDuties(db, organizationId))) return;
  const names = assigned.map((r) => r.name);
  throw new AppError(
    422,
    `With separation of duties, nobody reviews what they work on: ${names.join(', ')} ${names.length === 1 ? 'is an assignee' : 'are assignees'} of ${object.label}`,
    'separation_of_duties',
    names.map((name) => ({ path: 'body.reviewers', message: `${name} is an assignee of it` })),
  );
}

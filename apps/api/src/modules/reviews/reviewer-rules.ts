import { projectRightsFor, type ProjectRole } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { AppError, unprocessable } from '../../lib/errors';
import type { ReviewObject } from './review-concept';
import { reviewerRepository, type ReviewerCandidate } from './reviewer-repository';
import { assertReviewersIndependent } from './separation-of-duties';

/**
 * Who may review (GOVERNANCE-MODEL.md section 4): an active member of the organization holding a role on
 * the project that grants reviews:set_decision. The same rule is checked when reviewers are named and
 * when a person's membership or project roles change (recount.ts).
 */
export const mayDecide = (candidate: ReviewerCandidate | undefined) =>
  candidate !== undefined && candidate.membership === 'active' && projectRightsFor(candidate.roles as ProjectRole[]).includes('reviews:set_decision');

/** Why someone named on a review may no longer decide it; undefined while they may. */
export function whyNotReviewer(candidate: ReviewerCandidate | undefined): 'deactivated' | 'left_project' | 'lost_review_right' | undefined {
  if (mayDecide(candidate)) return undefined;
  if (!candidate || candidate.membership !== 'active') return 'deactivated';
  return candidate.roles.length === 0 ? 'left_project' : 'lost_review_right';
}

/**
 * Checks the reviewers named for a review; answers their names, in the order asked.
 * An id that is not a member of the caller's organization — another organization's user or an id
 * nobody has — gets one answer that does not depend on which it is (no name, same detail, same code):
 * the answer must not tell whether the id exists elsewhere. Members of the organization are named in
 * the refusal, as the organization's member list would show them.
 */
export async function assertReviewers(db: Executor, organizationId: string, projectId: string, userIds: readonly string[], requesterId: string | null): Promise<string[]> {
  if (requesterId && userIds.includes(requesterId)) throw unprocessable('reviewers: the requester cannot review their own request: name someone else');
  const found = new Map((await reviewerRepository.candidates(db, organizationId, projectId, userIds)).map((c) => [c.user_id, c]));
  const unknown = userIds.flatMap((id, index) => (found.has(id) ? [] : [{ path: `body.reviewers.${index}`, message: 'No member of this organization has this id' }]));
  if (unknown.length > 0) throw new AppError(422, 'reviewers: name members of this organization: an id given is not one', 'unknown_reviewer', unknown);
  const refused = userIds.flatMap((id, index) => {
    const candidate = found.get(id)!;
    const why = whyNotReviewer(candidate);
    if (!why) return [];
    const message = why === 'deactivated' ? `${candidate.name} is deactivated in this organization` : `${candidate.name} is not a project member who may decide reviews`;
    return [{ path: `body.reviewers.${index}`, message, name: candidate.name }];
  });
  if (refused.length > 0) {
    throw new AppError(
      422,
      `reviewers: only active project members who may decide reviews can be reviewers: ${refused.map((r) => r.name).join(', ')} cannot`,
      'invalid_reviewers',
      refused.map(({ path, message }) => ({ path, message })),
    );
  }
  return userIds.map((id) => found.get(id)!.name);
}

/**
 * The one rule for the reviewers of a review, whether they are named when it is requested or changed
 * while it is pending: members who may decide (assertReviewers), never the requester, and — with
 * separation of duties — never an assignee of the object. Answers their names, in the order asked.
 */
export async function assertNamedReviewers(db: Executor, organizationId: string, projectId: string, object: ReviewObject, userIds: readonly string[], requesterId: string | null): Promise<string[]> {
  const names = await assertReviewers(db, organizationId, projectId, userIds, requesterId);
  await assertReviewersIndependent(db, organizationId, object, userIds, names);
  return names;
}

export type Decision = 'pending' | 'approved' | 'rejected' | 'cancelled';

/**
 * What the reviewers' decisions settle, ignoring closed (cancelled) entries: a rejection rejects; under
 * "any" an approval approves; under "all" every remaining reviewer must have approved. With nobody left
 * to decide and no approval, the request can no longer be settled by a decision: 'cancelled'.
 * undefined: still waiting.
 */
export function outcomeOf(rule: 'any' | 'all', decisions: readonly { decision: Decision }[]): 'approved' | 'rejected' | 'cancelled' | undefined {
  const open = decisions.filter((d) => d.decision !== 'cancelled');
  if (open.some((d) => d.decision === 'rejected')) return 'rejected';
  if (open.length === 0) return 'cancelled';
  if (rule === 'any') return open.some((d) => d.decision === 'approved') ? 'approved' : undefined;
  return open.every((d) => d.decision === 'approved') ? 'approved' : undefined;
}

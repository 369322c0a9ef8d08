import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The one definition of "to review" (issue 17, item 13), for a review request `r`: it is pending, the
 * user is one of its reviewers who has not decided yet, and the user still works on its project. The
 * Reviews page and its home card, "to review" in My work, the controls filter "To review by me" and the
 * project dashboard all count with it, so they agree.
 */
export const awaitingDecisionOf = (userId: string): SQL => sql`(
  r.status = 'in_review'
  and exists (select 1 from review_reviewers me where me.review_id = r.id and me.user_id = ${userId} and me.decision = 'pending')
  and exists (select 1 from project_memberships pm where pm.project_id = r.project_id and pm.user_id = ${userId}))`;

/** For a list of objects of a concept: the object (its id in `objectId`) has a review awaiting the user's decision. */
export const hasReviewAwaiting = (userId: string, concept: string, objectId: SQL): SQL =>
  sql`exists (select 1 from review_requests r where r.concept = ${concept} and r.object_id = ${objectId} and ${awaitingDecisionOf(userId)})`;

/** How many reviews await the user's decision, per project of the organization (projects with none are absent). */
export async function countAwaitingByProject(db: Executor, organizationId: string, userId: string, projectId?: string): Promise<Map<string, number>> {
  const rows = rowsOf<{ project_id: string; n: number }>(
    await db.execute(sql`
      select r.project_id, count(*)::int as n from review_requests r
       where r.organization_id = ${organizationId} ${projectId ? sql`and r.project_id = ${projectId}` : sql``} and ${awaitingDecisionOf(userId)}
       group by r.project_id`),
  );
  return new Map(rows.map((row) => [row.project_id, Number(row.n)]));
}

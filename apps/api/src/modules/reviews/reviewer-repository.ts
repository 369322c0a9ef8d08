import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
const personName = sql.raw(`coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.email)`);

/** A person the organization has (member, active or deactivated), with their roles on one project (none: not a member). */
export type ReviewerCandidate = { user_id: string; name: string; membership: 'active' | 'deactivated'; roles: string[] };

/** Who may be, or still is, a reviewer: SQL of the rules in reviewer-rules.ts. */
export const reviewerRepository = {
  /**
   * The people among these ids who are members of the organization, with their project roles. Anyone
   * else — another organization's user, an id nobody has — is simply absent: the caller cannot tell them apart.
   */
  async candidates(db: Executor, organizationId: string, projectId: string, userIds: readonly string[]): Promise<ReviewerCandidate[]> {
    if (userIds.length === 0) return [];
    const rows = rowsOf<{ user_id: string; name: string; membership: 'active' | 'deactivated'; roles: unknown }>(
      await db.execute(sql`
        select u.id as user_id, ${personName} as name, om.status as membership,
               coalesce((select json_agg(pm.role) from project_memberships pm
                          where pm.project_id = ${projectId} and pm.user_id = u.id and pm.organization_id = ${organizationId}), '[]'::json) as roles
          from organization_memberships om join users u on u.id = om.user_id
         where om.organization_id = ${organizationId} and u.id in (${list(userIds)})`),
    );
    return rows.map((r) => ({ ...r, roles: (typeof r.roles === 'string' ? JSON.parse(r.roles) : r.roles) as string[] }));
  },

  async names(db: Executor, userIds: readonly string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = rowsOf<{ id: string; name: string }>(await db.execute(sql`select u.id, ${personName} as name from users u where u.id in (${list(userIds)})`));
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  /** Every entry of a review with its decision and when it was given (the latest approver settles an approval). */
  async entries(db: Executor, reviewId: string) {
    return rowsOf<{ user_id: string; decision: 'pending' | 'approved' | 'rejected' | 'cancelled'; decided_at: Date | string | null }>(
      await db.execute(sql`select user_id, decision, decided_at from review_reviewers where review_id = ${reviewId}`),
    );
  },

  /** Closes these reviewers' pending entries (they may no longer decide); their names stay on the review. */
  async closeEntries(db: Executor, reviewId: string, userIds: readonly string[]) {
    if (userIds.length === 0) return;
    await db.execute(sql`update review_reviewers set decision = 'cancelled' where review_id = ${reviewId} and decision = 'pending' and user_id in (${list(userIds)})`);
  },

  /** Opens again the closed entries of reviewers named anew (for instance once reactivated). */
  async reopenEntries(db: Executor, reviewId: string, userIds: readonly string[]) {
    if (userIds.length === 0) return;
    await db.execute(sql`update review_reviewers set decision = 'pending', comment = null, decided_at = null where review_id = ${reviewId} and decision = 'cancelled' and user_id in (${list(userIds)})`);
  },

  /** Pending reviews of the organization (of one project when given) in which the user's decision is still awaited. */
  async awaiting(db: Executor, organizationId: string, userId: string, projectId?: string) {
    return rowsOf<{ id: string; project_id: string; concept: string; object_id: string }>(
      await db.execute(sql`
        select r.id, r.project_id, r.concept, r.object_id
          from review_requests r join review_reviewers rr on rr.review_id = r.id and rr.user_id = ${userId} and rr.decision = 'pending'
         where r.organization_id = ${organizationId} and r.status = 'in_review' ${projectId ? sql`and r.project_id = ${projectId}` : sql``}
         order by r.object_id`),
    );
  },

  /** Pending reviews of a project, in object order (the order their objects are locked in). */
  async pendingOfProject(db: Executor, organizationId: string, projectId: string) {
    return rowsOf<{ id: string; concept: string; object_id: string }>(
      await db.execute(sql`select id, concept, object_id from review_requests where organization_id = ${organizationId} and project_id = ${projectId} and status = 'in_review' order by object_id`),
    );
  },

  /** Locks one pending review (after its object, as deciding does); undefined when it is no longer pending. */
  async lockPending(db: Executor, organizationId: string, reviewId: string): Promise<{ id: string } | undefined> {
    return rowsOf<{ id: string }>(await db.execute(sql`select id from review_requests where organization_id = ${organizationId} and id = ${reviewId} and status = 'in_review' for update`))[0];
  },
};

import { sql, type SQL } from 'drizzle-orm';
import type { ReviewStatus, WorkItemStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { offsetOf } from '../../lib/paging';
import { awaitingDecisionOf } from './awaiting-me';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

export type ReviewRow = {
  id: string;
  organization_id: string;
  project_id: string;
  project_name: string;
  concept: string;
  object_id: string;
  status: ReviewStatus;
  rule: 'any' | 'all';
  message: string | null;
  due_date: string | Date | null;
  requested_by: string | null;
  requester: unknown;
  status_before: WorkItemStatus;
  status_requested: WorkItemStatus;
  content_hash: string;
  content_snapshot: unknown;
  forced: boolean;
  justification: string | null;
  created_at: Date;
  settled_at: Date | null;
  reviewers: unknown;
};

const person = (alias: string) => sql.raw(`json_build_object('id', ${alias}.id, 'name', coalesce(nullif(trim(${alias}.firstname || ' ' || ${alias}.lastname), ''), ${alias}.email), 'email', ${alias}.email)`);

/** A review with its requester and reviewers, each with their decision: one row per review. */
const select = sql`
  select r.*, p.name as project_name,
         case when q.id is null then null else ${person('q')} end as requester,
         coalesce((select json_agg(json_build_object('reviewer', ${person('u')}, 'decision', rr.decision, 'comment', rr.comment, 'decided_at', rr.decided_at)
                                   order by lower(u.firstname), lower(u.lastname))
                     from review_reviewers rr join users u on u.id = rr.user_id where rr.review_id = r.id), '[]'::json) as reviewers
    from review_requests r
    join projects p on p.id = r.project_id
    left join users q on q.id = r.requested_by`;

export const reviewRepository = {
  async insert(
    db: Executor,
    values: { organizationId: string; projectId: string; concept: string; objectId: string; rule: 'any' | 'all'; message: string | null; dueDate: string | null; requestedBy: string; statusBefore: WorkItemStatus; statusRequested: WorkItemStatus; contentHash: string; contentSnapshot: unknown; forced: boolean; justification: string | null },
  ): Promise<string> {
    return rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into review_requests (organization_id, project_id, concept, object_id, rule, message, due_date, requested_by, status_before, status_requested, content_hash, content_snapshot, forced, justification)
        values (${values.organizationId}, ${values.projectId}, ${values.concept}, ${values.objectId}, ${values.rule}, ${values.message}, ${values.dueDate}, ${values.requestedBy},
                ${values.statusBefore}, ${values.statusRequested}, ${values.contentHash}, ${JSON.stringify(values.contentSnapshot)}::jsonb, ${values.forced}, ${values.justification})
        returning id`),
    )[0]!.id;
  },

  async addReviewers(db: Executor, reviewId: string, userIds: readonly string[]) {
    if (userIds.length === 0) return;
    await db.execute(sql`insert into review_reviewers (review_id, user_id) values ${sql.join(userIds.map((id) => sql`(${reviewId}::uuid, ${id}::uuid)`), sql`, `)} on conflict do nothing`);
  },

  async removeReviewers(db: Executor, reviewId: string, userIds: readonly string[]) {
    if (userIds.length === 0) return;
    await db.execute(sql`delete from review_reviewers where review_id = ${reviewId} and user_id in (${list(userIds)})`);
  },

  async find(db: Executor, organizationId: string, id: string): Promise<ReviewRow | undefined> {
    return rowsOf<ReviewRow>(await db.execute(sql`${select} where r.organization_id = ${organizationId} and r.id = ${id}`))[0];
  },

  /** The pending review of an object, locked: decisions on one request are settled one at a time. */
  async pendingLocked(db: Executor, organizationId: string, concept: string, objectId: string): Promise<{ id: string } | undefined> {
    return rowsOf<{ id: string }>(
      await db.execute(sql`select id from review_requests where organization_id = ${organizationId} and concept = ${concept} and object_id = ${objectId} and status = 'in_review' for update`),
    )[0];
  },

  async ofObject(db: Executor, organizationId: string, projectId: string, concept: string, objectId: string): Promise<ReviewRow[]> {
    return rowsOf<ReviewRow>(
      await db.execute(sql`${select} where r.organization_id = ${organizationId} and r.project_id = ${projectId} and r.concept = ${concept} and r.object_id = ${objectId}
                           order by r.created_at desc, r.id desc limit 100`),
    );
  },

  async ofConcept(db: Executor, organizationId: string, projectId: string, concept: string, query: { status?: ReviewStatus; reviewerId?: string; sortBy?: 'requested_at' | 'due_date' | 'status'; descending: boolean; page: number; size: number }) {
    const filters: SQL[] = [sql`r.organization_id = ${organizationId}`, sql`r.project_id = ${projectId}`, sql`r.concept = ${concept}`];
    if (query.status) filters.push(sql`r.status = ${query.status}`);
    if (query.reviewerId) filters.push(sql`exists (select 1 from review_reviewers x where x.review_id = r.id and x.user_id = ${query.reviewerId})`);
    const sort = { requested_at: sql`r.created_at`, due_date: sql`r.due_date`, status: sql`r.status` }[query.sortBy ?? 'requested_at'];
    // Newest first unless another order is asked for.
    const order = sql`${sort} ${query.descending || !query.sortBy ? sql`desc nulls last` : sql`asc nulls last`}, r.id`;
    const rows = rowsOf<ReviewRow & { total: number }>(
      await db.execute(sql`
        with page as (
          select r.id, count(*) over () as total, row_number() over (order by ${order}) as n
            from review_requests r where ${sql.join(filters, sql` and `)}
           order by ${order} limit ${query.size} offset ${offsetOf(query.page, query.size)}
        )
        select x.*, page.total from page join lateral (${select} where r.id = page.id) x on true order by page.n`),
    );
    return { items: rows, total: Number(rows[0]?.total ?? 0) };
  },

  /** Pending reviews awaiting the user's decision across the projects of the organization they still belong to. */
  async awaiting(db: Executor, organizationId: string, userId: string, query: { sortBy?: 'requested_at' | 'due_date'; descending: boolean; page: number; size: number }) {
    const order = sql`${query.sortBy === 'due_date' ? sql`r.due_date` : sql`r.created_at`} ${query.descending ? sql`desc nulls last` : sql`asc nulls last`}, r.id`;
    const rows = rowsOf<ReviewRow & { total: number }>(
      await db.execute(sql`
        with page as (
          select r.id, count(*) over () as total, row_number() over (order by ${order}) as n
            from review_requests r
           where r.organization_id = ${organizationId} and ${awaitingDecisionOf(userId)}
           order by ${order} limit ${query.size} offset ${offsetOf(query.page, query.size)}
        )
        select x.*, page.total from page join lateral (${select} where r.id = page.id) x on true order by page.n`),
    );
    return { items: rows, total: Number(rows[0]?.total ?? 0) };
  },

  /** Records one reviewer's decision; false when they had none pending (not named, or decided already). */
  async decide(db: Executor, reviewId: string, userId: string, decision: 'approved' | 'rejected', comment: string): Promise<boolean> {
    return (
      rowsOf(
        await db.execute(sql`update review_reviewers set decision = ${decision}, comment = ${comment || null}, decided_at = now()
                              where review_id = ${reviewId} and user_id = ${userId} and decision = 'pending' returning 1`),
      ).length === 1
    );
  },

  async decisions(db: Executor, reviewId: string) {
    return rowsOf<{ user_id: string; decision: 'pending' | 'approved' | 'rejected' | 'cancelled' }>(await db.execute(sql`select user_id, decision from review_reviewers where review_id = ${reviewId}`));
  },

  /** Settles the request; the reviewers still pending are closed as cancelled. */
  async settle(db: Executor, reviewId: string, status: Exclude<ReviewStatus, 'in_review'>, settledBy: string | null) {
    await db.execute(sql`update review_requests set status = ${status}, settled_at = now(), settled_by = ${settledBy} where id = ${reviewId}`);
    await db.execute(sql`update review_reviewers set decision = 'cancelled' where review_id = ${reviewId} and decision = 'pending'`);
  },

  async update(db: Executor, reviewId: string, values: { message?: string | null; dueDate?: string | null }) {
    const sets: SQL[] = [];
    if (values.message !== undefined) sets.push(sql`message = ${values.message}`);
    if (values.dueDate !== undefined) sets.push(sql`due_date = ${values.dueDate}`);
    if (sets.length) await db.execute(sql`update review_requests set ${sql.join(sets, sql`, `)} where id = ${reviewId}`);
  },

  async emails(db: Executor, userIds: readonly string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    return rowsOf<{ email: string }>(await db.execute(sql`select email from users where id in (${list(userIds)})`)).map((r) => r.email);
  },

  /** The latest approval of each object (who decided, when, with what comment), for reports. */
  async latestApprovals(db: Executor, organizationId: string, concept: string, objectIds: readonly string[]) {
    if (objectIds.length === 0) return [];
    return rowsOf<{ object_id: string; settled_at: Date; forced: boolean; justification: string | null; decided_by: string | null; comment: string | null }>(
      await db.execute(sql`
        select distinct on (r.object_id) r.object_id, r.settled_at, r.justification,
               -- Forced approval: set with the force right and decided by no reviewer (a forced reopening then reviewed is not).
               (r.forced and not exists (select 1 from review_reviewers x where x.review_id = r.id)) as forced,
               coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.email) as decided_by,
               coalesce(rr.comment, r.justification) as comment
          from review_requests r
          left join users u on u.id = r.settled_by
          left join review_reviewers rr on rr.review_id = r.id and rr.user_id = r.settled_by
         where r.organization_id = ${organizationId} and r.concept = ${concept} and r.status = 'approved' and r.object_id in (${list(objectIds)})
         order by r.object_id, r.settled_at desc`),
    );
  },
};

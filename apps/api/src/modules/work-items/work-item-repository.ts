import { sql } from 'drizzle-orm';
import type { PersonRef } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { hasReviewAwaiting } from '../reviews/awaiting-me';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

export type ItemRef = { organizationId: string; projectId: string; itemType: string; itemId: string };
export type Role = 'assignee' | 'reviewer';

/** SQL of the shared work-item pieces: people, tags, and the status history kept in the activity log. */
export const workItemRepository = {
  /** The given users, split into members of the project and the rest (by id); unknown ids are neither. */
  async projectMembers(db: Executor, organizationId: string, projectId: string, userIds: readonly string[]) {
    if (userIds.length === 0) return { members: [] as PersonRef[], outsideProject: [] as PersonRef[] };
    const rows = rowsOf<{ id: string; name: string; email: string; in_project: boolean }>(
      await db.execute(sql`
        select u.id, trim(u.firstname || ' ' || u.lastname) as name, u.email,
               exists (select 1 from project_memberships pm where pm.project_id = ${projectId} and pm.user_id = u.id) as in_project
          from users u
          join organization_memberships om on om.user_id = u.id and om.organization_id = ${organizationId} and om.status = 'active'
         where u.id in (${list(userIds)})`),
    );
    const person = (r: (typeof rows)[number]) => ({ id: r.id, name: r.name || r.email, email: r.email });
    return { members: rows.filter((r) => r.in_project).map(person), outsideProject: rows.filter((r) => !r.in_project).map(person) };
  },

  async people(db: Executor, itemType: string, itemId: string, role: Role): Promise<string[]> {
    return rowsOf<{ user_id: string }>(
      await db.execute(sql`select user_id from work_item_people where item_type = ${itemType} and item_id = ${itemId} and role = ${role}`),
    ).map((r) => r.user_id);
  },

  async replacePeople(db: Executor, item: ItemRef, role: Role, userIds: readonly string[]) {
    await db.execute(sql`delete from work_item_people where item_type = ${item.itemType} and item_id = ${item.itemId} and role = ${role}`);
    if (userIds.length === 0) return;
    const values = sql.join(userIds.map((id) => sql`(${item.organizationId}::uuid, ${item.projectId}::uuid, ${item.itemType}, ${item.itemId}::uuid, ${role}, ${id}::uuid)`), sql`, `);
    await db.execute(sql`insert into work_item_people (organization_id, project_id, item_type, item_id, role, user_id) values ${values}`);
  },

  /** Tag ids of the organization among those given. */
  async organizationTags(db: Executor, organizationId: string, tagIds: readonly string[]): Promise<string[]> {
    if (tagIds.length === 0) return [];
    return rowsOf<{ id: string }>(await db.execute(sql`select id from tags where organization_id = ${organizationId} and id in (${list(tagIds)})`)).map((r) => r.id);
  },

  /** The names of the given tags of the organization, in the order of the ids (for log entries). */
  async tagNames(db: Executor, organizationId: string, tagIds: readonly string[]): Promise<string[]> {
    if (tagIds.length === 0) return [];
    const rows = rowsOf<{ id: string; name: string }>(await db.execute(sql`select id, name from tags where organization_id = ${organizationId} and id in (${list(tagIds)})`));
    return tagIds.map((id) => rows.find((r) => r.id === id)?.name ?? '');
  },

  async replaceTags(db: Executor, item: ItemRef, tagIds: readonly string[]) {
    await db.execute(sql`delete from work_item_tags where item_type = ${item.itemType} and item_id = ${item.itemId}`);
    if (tagIds.length === 0) return;
    const values = sql.join(tagIds.map((id) => sql`(${item.organizationId}::uuid, ${item.projectId}::uuid, ${item.itemType}, ${item.itemId}::uuid, ${id}::uuid)`), sql`, `);
    await db.execute(sql`insert into work_item_tags (organization_id, project_id, item_type, item_id, tag_id) values ${values}`);
  },

  async tagIds(db: Executor, itemType: string, itemId: string): Promise<string[]> {
    return rowsOf<{ tag_id: string }>(await db.execute(sql`select tag_id from work_item_tags where item_type = ${itemType} and item_id = ${itemId} order by tag_id`)).map((r) => r.tag_id);
  },

  /**
   * Per project of the organization where the user has work: open controls assigned, flagged, and the
   * controls to review — those with a review awaiting their decision (reviews/awaiting-me.ts, the one
   * definition the Reviews page and the controls filter use too).
   */
  async myWork(db: Executor, organizationId: string, userId: string) {
    return rowsOf<{ project_id: string; project_name: string; controls_assigned: number; controls_to_review: number; needs_attention: number }>(
      await db.execute(sql`
        with assigned as (
          select w.project_id,
                 count(*) filter (where pc.status not in ('approved', 'out_of_scope'))::int as controls_assigned,
                 count(*) filter (where pc.needs_attention and pc.status not in ('approved', 'out_of_scope'))::int as needs_attention
            from work_item_people w
            join project_controls pc on pc.id = w.item_id and pc.detached_at is null
           where w.organization_id = ${organizationId} and w.user_id = ${userId} and w.item_type = 'control' and w.role = 'assignee'
           group by w.project_id
        ), to_review as (
          select pc.project_id, count(*)::int as controls_to_review
            from project_controls pc
           where pc.organization_id = ${organizationId} and pc.detached_at is null and ${hasReviewAwaiting(userId, 'control', sql`pc.id`)}
           group by pc.project_id
        )
        select p.id as project_id, p.name as project_name,
               coalesce(a.controls_assigned, 0)::int as controls_assigned,
               coalesce(t.controls_to_review, 0)::int as controls_to_review,
               coalesce(a.needs_attention, 0)::int as needs_attention
          from projects p
          left join assigned a on a.project_id = p.id
          left join to_review t on t.project_id = p.id
         where p.organization_id = ${organizationId} and (a.project_id is not null or t.project_id is not null)
         order by lower(p.name)`),
    );
  },

  /**
   * Who approved the item's latest approval: the reviewers who decided `approved`, or whoever forced
   * it when the approval was forced without reviewers. Read from the reviews' tables, which every
   * work-item concept shares (review_requests.concept = the item type).
   */
  async approvers(db: Executor, organizationId: string, itemType: string, itemId: string): Promise<string[]> {
    return rowsOf<{ user_id: string }>(
      await db.execute(sql`
        with latest as (
          select r.id, r.settled_by from review_requests r
           where r.organization_id = ${organizationId} and r.concept = ${itemType} and r.object_id = ${itemId} and r.status = 'approved'
           order by r.settled_at desc nulls last limit 1
        )
        select rr.user_id from review_reviewers rr join latest on rr.review_id = latest.id where rr.decision = 'approved'
        union
        select latest.settled_by from latest where latest.settled_by is not null and not exists (select 1 from review_reviewers x where x.review_id = latest.id)`),
    ).map((r) => r.user_id);
  },

  /** Every reopening of an approved item of the project (with its reason), newest first, for reports. */
  async reopenings(db: Executor, organizationId: string, projectId: string, itemType: string, limit = 500) {
    return rowsOf<{ object_id: string; after: unknown; created_at: Date; actor_name: string | null }>(
      await db.execute(sql`
        select a.object_id, a.after, a.created_at, coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.email) as actor_name
          from activity_logs a left join users u on u.id = a.actor_id
         where a.organization_id = ${organizationId} and a.project_id = ${projectId} and a.object_type = ${itemType}
           and a.action = 'status_changed' and a.after->>'via' = 'reopened'
         order by a.created_at desc, a.id desc
         limit ${limit}`),
    );
  },

  /** Status changes of the item, newest first, from its activity entries. */
  async statusHistory(db: Executor, organizationId: string, itemId: string, limit = 100) {
    return rowsOf<{ before: unknown; after: unknown; created_at: Date; actor_id: string | null; actor_name: string | null; actor_email: string | null }>(
      await db.execute(sql`
        select a.before, a.after, a.created_at, u.id as actor_id, trim(u.firstname || ' ' || u.lastname) as actor_name, u.email as actor_email
          from activity_logs a left join users u on u.id = a.actor_id
         where a.organization_id = ${organizationId} and a.object_id = ${itemId} and a.action = 'status_changed'
         order by a.created_at desc, a.id desc
         limit ${limit}`),
    );
  },
};

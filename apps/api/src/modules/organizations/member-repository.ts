import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { MemberState, OrganizationRole } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { invitations, organizationMemberRoles, organizationMemberships } from '../../db/schema';
import { offsetOf } from '../../lib/paging';

export type MemberRow = {
  /** What answers call the person: their user id once a member, the latest invitation's id before (issue 17, item 8). */
  user_id: string;
  /** The person's user id, for the services only: never in an answer before they accept. */
  person_id: string;
  firstname: string;
  lastname: string;
  email: string;
  roles: OrganizationRole[];
  is_super_admin: boolean;
  activation_status: 'active' | 'deactivated' | null;
  state: MemberState;
  last_access_at: Date | null;
  invitation: { invitation_id: string; status: 'pending' | 'accepted' | 'cancelled' | 'expired'; expires_at: string; created_at: string } | null;
};

export type MemberQuery = {
  name?: string;
  notInProject?: string;
  includeInactive: boolean;
  state?: MemberState;
  sortBy?: 'name' | 'email' | 'last_access_at' | 'state';
  descending: boolean;
  page: number;
  size: number;
};

const SORT_COLUMNS = {
  name: sql`lower(firstname || ' ' || lastname)`,
  email: sql`email`,
  last_access_at: sql`last_access_at`,
  state: sql`state`,
};

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * Members of an organization and the people invited to it, one row each, with where they stand.
 * An invitation past its expiry reads as expired even before anything marks it so.
 */
function peopleOf(organizationId: string, now: Date) {
  return sql`
    with latest_invitation as (
      select distinct on (user_id) id, user_id, role, status, expires_at, created_at, firstname, lastname
        from invitations
       where organization_id = ${organizationId} and user_id is not null
       order by user_id, created_at desc
    ),
    people as (
      -- Until they accept, an invitee is known here by the invitation: their global user id would tie
      -- this organization's answers to every other organization they belong to.
      select case when m.user_id is not null then u.id else i.id end as user_id, u.id as person_id, u.email,
             -- An invitee is shown as the inviting organization typed them: the person's own record is not its to read.
             case when m.user_id is not null then u.firstname else i.firstname end as firstname,
             case when m.user_id is not null then u.lastname else i.lastname end as lastname,
             case when m.user_id is not null then u.last_access_at end as last_access_at,
             m.status as activation_status,
             coalesce(m.user_id is not null and u.is_super_admin, false) as is_super_admin,
             case
               when m.user_id is not null then m.status::text
               when i.status = 'pending' and i.expires_at <= ${now.toISOString()}::timestamptz then 'expired'
               else i.status::text
             end as state,
             case
               when m.user_id is not null then coalesce(
                 (select json_agg(r.role order by r.role) from organization_member_roles r
                   where r.organization_id = ${organizationId} and r.user_id = u.id), '[]'::json)
               else json_build_array(i.role)
             end as roles,
             case when i.id is null then null else json_build_object(
               'invitation_id', i.id, 'status',
               case when i.status = 'pending' and i.expires_at <= ${now.toISOString()}::timestamptz then 'expired' else i.status::text end,
               'expires_at', i.expires_at, 'created_at', i.created_at) end as invitation
        from users u
        left join organization_memberships m on m.user_id = u.id and m.organization_id = ${organizationId}
        left join latest_invitation i on i.user_id = u.id
       where m.user_id is not null or (i.id is not null and i.status <> 'accepted')
    )`;
}

export const memberRepository = {
  /** Whether the project is one of the organization's (the members list filters by it). */
  async hasProject(db: Executor, organizationId: string, projectId: string): Promise<boolean> {
    const result = await db.execute(sql`select 1 from projects where id = ${projectId} and organization_id = ${organizationId}`);
    return (result as unknown as { rows: unknown[] }).rows.length > 0;
  },

  async list(db: Executor, organizationId: string, query: MemberQuery, now: Date): Promise<{ items: MemberRow[]; total: number }> {
    const filters = [sql`true`];
    if (query.name) {
      const pattern = `%${query.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      filters.push(sql`(firstname || ' ' || lastname ilike ${pattern} or email ilike ${pattern})`);
    }
    if (query.state) filters.push(sql`state = ${query.state}`);
    else if (!query.includeInactive) filters.push(sql`state <> 'deactivated'`);
    if (query.notInProject) {
      filters.push(sql`user_id not in (select user_id from project_memberships where project_id = ${query.notInProject} and organization_id = ${organizationId})`);
    }
    const column = SORT_COLUMNS[query.sortBy ?? 'name'];
    const direction = query.descending ? sql`desc nulls last` : sql`asc nulls last`;
    const result = await db.execute(sql`
      ${peopleOf(organizationId, now)}
      select *, count(*) over () as total from people
       where ${sql.join(filters, sql` and `)}
       order by ${column} ${direction}, user_id
       limit ${query.size} offset ${offsetOf(query.page, query.size)}`);
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    return { items: rows.map(toMemberRow), total: Number(rows[0]?.total ?? 0) };
  },

  /** By the person's user id (the services' own lookups). */
  async find(db: Executor, organizationId: string, userId: string, now: Date): Promise<MemberRow | undefined> {
    const result = await db.execute(sql`${peopleOf(organizationId, now)} select * from people where person_id = ${userId}`);
    const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
    return row ? toMemberRow(row) : undefined;
  },

  /**
   * By an id answers give out: a member's user id, or for an invitee the id of any of this organization's
   * invitations of them (a resend issues a new one; the id a client already holds keeps naming the person).
   */
  async findByAnsweredId(db: Executor, organizationId: string, id: string, now: Date): Promise<MemberRow | undefined> {
    const result = await db.execute(sql`${peopleOf(organizationId, now)}
      select * from people
       where user_id = ${id}
          or (activation_status is null
              and person_id = (select user_id from invitations where id = ${id} and organization_id = ${organizationId}))
       limit 1`);
    const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
    return row ? toMemberRow(row) : undefined;
  },

  async membership(db: Executor, organizationId: string, userId: string) {
    const [row] = await db
      .select()
      .from(organizationMemberships)
      .where(and(eq(organizationMemberships.organizationId, organizationId), eq(organizationMemberships.userId, userId)));
    return row;
  },

  async setStatus(db: Executor, organizationId: string, userId: string, status: 'active' | 'deactivated') {
    await db
      .update(organizationMemberships)
      .set({ status })
      .where(and(eq(organizationMemberships.organizationId, organizationId), eq(organizationMemberships.userId, userId)));
  },

  async replaceRoles(db: Executor, organizationId: string, userId: string, roles: OrganizationRole[]) {
    await db
      .delete(organizationMemberRoles)
      .where(and(eq(organizationMemberRoles.organizationId, organizationId), eq(organizationMemberRoles.userId, userId)));
    if (roles.length > 0) await db.insert(organizationMemberRoles).values(roles.map((role) => ({ organizationId, userId, role })));
  },

  /** Active admins of the organization, locked until the transaction ends so two demotions cannot race. */
  async activeAdminIds(db: Executor, organizationId: string): Promise<string[]> {
    const result = await db.execute(sql`
      select m.user_id from organization_memberships m
        join organization_member_roles r on r.organization_id = m.organization_id and r.user_id = m.user_id
       where m.organization_id = ${organizationId} and m.status = 'active' and r.role = 'admin'
       for update of m`);
    return (result as unknown as { rows: { user_id: string }[] }).rows.map((r) => r.user_id);
  },

  async latestInvitation(db: Executor, organizationId: string, userId: string) {
    const [row] = await db
      .select()
      .from(invitations)
      .where(and(eq(invitations.organizationId, organizationId), eq(invitations.userId, userId)))
      .orderBy(desc(invitations.createdAt))
      .limit(1);
    return row;
  },

  async cancelPending(db: Executor, organizationId: string, userId: string): Promise<number> {
    const rows = await db
      .update(invitations)
      .set({ status: 'cancelled' })
      .where(and(eq(invitations.organizationId, organizationId), eq(invitations.userId, userId), inArray(invitations.status, ['pending'])))
      .returning({ id: invitations.id });
    return rows.length;
  },

  async setInvitationRole(db: Executor, organizationId: string, invitationId: string, role: OrganizationRole) {
    await db.update(invitations).set({ role }).where(and(eq(invitations.id, invitationId), eq(invitations.organizationId, organizationId)));
  },

  async rotateInvitation(db: Executor, invitationId: string, tokenHash: string, expiresAt: Date) {
    await db.update(invitations).set({ tokenHash, expiresAt, status: 'pending' }).where(eq(invitations.id, invitationId));
  },
};

function toMemberRow(row: Record<string, unknown>): MemberRow {
  return {
    user_id: String(row.user_id),
    person_id: String(row.person_id),
    firstname: String(row.firstname),
    lastname: String(row.lastname),
    email: String(row.email),
    roles: json<OrganizationRole[]>(row.roles),
    is_super_admin: row.is_super_admin === true,
    activation_status: (row.activation_status as MemberRow['activation_status']) ?? null,
    state: row.state as MemberState,
    last_access_at: row.last_access_at ? new Date(row.last_access_at as string) : null,
    invitation: row.invitation ? json<MemberRow['invitation']>(row.invitation) : null,
  };
}

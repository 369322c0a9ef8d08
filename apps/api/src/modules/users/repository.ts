import { and, asc, eq, sql } from 'drizzle-orm';
import type { OrganizationRole, ProjectRole } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { organizationMemberRoles, organizationMemberships, organizations, projectMemberships, projects, sessions, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** Joins a membership to the roles held through it. */
const rolesOfMembership = and(
  eq(organizationMemberRoles.organizationId, organizationMemberships.organizationId),
  eq(organizationMemberRoles.userId, organizationMemberships.userId),
);

export const usersRepository = {
  async findById(db: Executor, id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  },

  async findByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
    return row;
  },

  /** The user pinned to this subject at this issuer: a subject means nothing at another provider. */
  async findBySubject(db: Executor, issuer: string, subject: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject)));
    return row;
  },

  async setSubject(db: Executor, id: string, issuer: string, subject: string) {
    await db.update(users).set({ oidcIssuer: issuer, oidcSubject: subject, updatedAt: sql`now()` }).where(eq(users.id, id));
  },

  async markSignedIn(db: Executor, id: string, at: Date) {
    await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, id));
  },

  /**
   * What ties the person to organizations other than `organizationId`: memberships (any status) and
   * pending invitations. A person with none of them is, so far, that organization's alone.
   */
  async tiesElsewhere(db: Executor, userId: string, organizationId: string): Promise<{ memberships: number; invitations: number }> {
    const result = await db.execute(sql`
      select
        (select count(*) from organization_memberships where user_id = ${userId} and organization_id <> ${organizationId})::int as memberships,
        (select count(*) from invitations where user_id = ${userId} and organization_id <> ${organizationId} and status = 'pending')::int as invitations`);
    const row = (result as unknown as { rows: { memberships: number; invitations: number }[] }).rows[0]!;
    return { memberships: Number(row.memberships), invitations: Number(row.invitations) };
  },

  async create(
    db: Executor,
    values: { email: string; firstname: string; lastname: string; termsAccepted?: boolean; isSuperAdmin?: boolean; provisionedByOrganizationId?: string | null },
  ) {
    const [row] = await db
      .insert(users)
      .values({ ...values, email: values.email.toLowerCase() })
      .returning();
    return row!;
  },

  async update(db: Executor, id: string, values: Partial<Pick<UserRow, 'firstname' | 'lastname' | 'termsAccepted' | 'termsAcceptedAt' | 'lastAccessAt'>>) {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    return row;
  },

  async touchLastAccess(db: Executor, id: string, at: Date) {
    await db.update(users).set({ lastAccessAt: at }).where(eq(users.id, id));
  },

  /**
   * The user and, in one round trip, their active membership in the organization with its roles
   * (membership undefined when there is none) and, for an access token, whether its session is still
   * open. Runs on every authenticated request.
   */
  async findWithMembership(db: Executor, userId: string, organizationId: string | null, sessionId: string | null = null) {
    const rows = await db
      .select({
        user: users,
        organizationName: organizations.name,
        role: organizationMemberRoles.role,
        sessionOpen: sessionId ? sql<boolean>`${sessions.id} is not null and ${sessions.revokedAt} is null` : sql<boolean>`true`,
      })
      .from(users)
      .leftJoin(
        organizationMemberships,
        and(
          eq(organizationMemberships.userId, users.id),
          organizationId ? eq(organizationMemberships.organizationId, organizationId) : sql`false`,
          eq(organizationMemberships.status, 'active'),
        ),
      )
      .leftJoin(organizations, eq(organizations.id, organizationMemberships.organizationId))
      .leftJoin(organizationMemberRoles, rolesOfMembership)
      .leftJoin(sessions, sessionId ? and(eq(sessions.id, sessionId), eq(sessions.userId, users.id)) : sql`false`)
      .where(eq(users.id, userId));
    if (rows.length === 0) return undefined;
    const first = rows[0]!;
    const membership = first.organizationName === null
      ? undefined
      : { organizationName: first.organizationName, roles: rows.map((r) => r.role).filter((r): r is OrganizationRole => r !== null) };
    return { user: first.user, membership, sessionOpen: Boolean(first.sessionOpen) };
  },

  /** Organization roles (active memberships) and project roles in the organization, in one round trip. */
  async listRoles(db: Executor, userId: string, organizationId: string | null) {
    const result = await db.execute(sql`
      select
        (select coalesce(json_agg(json_build_object('organization_id', r.organization_id, 'role', r.role) order by r.organization_id, r.role), '[]'::json)
           from organization_member_roles r
           join organization_memberships m on m.organization_id = r.organization_id and m.user_id = r.user_id
          where r.user_id = ${userId} and m.status = 'active') as organization_roles,
        (select coalesce(json_agg(json_build_object('project_id', p.project_id, 'role', p.role) order by p.project_id, p.role), '[]'::json)
           from project_memberships p
          where p.user_id = ${userId} and p.organization_id = ${organizationId}) as project_roles`);
    const row = (result as unknown as { rows: { organization_roles: unknown; project_roles: unknown }[] }).rows[0]!;
    const parse = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
    return {
      organizationRoles: parse<{ organization_id: string; role: OrganizationRole }[]>(row.organization_roles),
      projectRoles: parse<{ project_id: string; role: ProjectRole }[]>(row.project_roles),
    };
  },

  /** The active membership of a user in one organization, with its roles; undefined when there is none. */
  async findActiveMembership(db: Executor, userId: string, organizationId: string) {
    const rows = await db
      .select({ name: organizations.name, role: organizationMemberRoles.role })
      .from(organizationMemberships)
      .innerJoin(organizations, eq(organizations.id, organizationMemberships.organizationId))
      .leftJoin(organizationMemberRoles, rolesOfMembership)
      .where(
        and(
          eq(organizationMemberships.userId, userId),
          eq(organizationMemberships.organizationId, organizationId),
          eq(organizationMemberships.status, 'active'),
        ),
      );
    if (rows.length === 0) return undefined;
    const roles = rows.map((r) => r.role).filter((r): r is OrganizationRole => r !== null);
    return { organizationId, organizationName: rows[0]!.name, roles };
  },

  /** The organization a sign-in lands in: the user's oldest active membership. */
  async firstActiveOrganizationId(db: Executor, userId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ id: organizationMemberships.organizationId })
      .from(organizationMemberships)
      .where(and(eq(organizationMemberships.userId, userId), eq(organizationMemberships.status, 'active')))
      .orderBy(asc(organizationMemberships.createdAt))
      .limit(1);
    return row?.id;
  },

  async hasAnyMembership(db: Executor, userId: string): Promise<boolean> {
    const rows = await db
      .select({ id: organizationMemberships.organizationId })
      .from(organizationMemberships)
      .where(eq(organizationMemberships.userId, userId))
      .limit(1);
    return rows.length > 0;
  },

  /** Roles held on a project of the organization; undefined when the project is not in that organization. */
  async projectRoles(db: Executor, userId: string, organizationId: string, projectId: string): Promise<ProjectRole[] | undefined> {
    const rows = await db
      .select({ role: projectMemberships.role })
      .from(projects)
      .leftJoin(projectMemberships, and(eq(projectMemberships.projectId, projects.id), eq(projectMemberships.userId, userId)))
      .where(and(eq(projects.id, projectId), eq(projects.organizationId, organizationId)));
    if (rows.length === 0) return undefined;
    return rows.map((r) => r.role).filter((r): r is ProjectRole => r !== null);
  },

  /** A user of the organization (any membership status), with the roles held there. */
  async findInOrganization(db: Executor, organizationId: string, userId: string) {
    const rows = await db
      .select({ user: users, status: organizationMemberships.status, role: organizationMemberRoles.role })
      .from(organizationMemberships)
      .innerJoin(users, eq(users.id, organizationMemberships.userId))
      .leftJoin(organizationMemberRoles, rolesOfMembership)
      .where(and(eq(organizationMemberships.organizationId, organizationId), eq(organizationMemberships.userId, userId)));
    if (rows.length === 0) return undefined;
    return {
      user: rows[0]!.user,
      status: rows[0]!.status,
      roles: rows.map((r) => r.role).filter((r): r is OrganizationRole => r !== null),
    };
  },
};

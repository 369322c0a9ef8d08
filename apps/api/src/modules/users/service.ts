import { projectRightsFor, type CurrentUser, type UpdateCurrentUser, type UserSummary } from '@aegis/contracts';
import type { Deps } from '../../deps';
import { notFound } from '../../lib/errors';
import type { RequestContext } from '../../plugins/auth';
import { usersRepository } from './repository';

export function usersService(deps: Pick<Deps, 'db' | 'clock'>) {
  async function me(ctx: RequestContext): Promise<CurrentUser> {
    const { user, organizationId } = ctx;
    const { organizationRoles, projectRoles } = await ctx.remembered(`roles|${organizationId ?? ''}`, () => usersRepository.listRoles(deps.db, user.id, organizationId));
    const rolesByProject = new Map<string, (typeof projectRoles)[number]['role'][]>();
    for (const { project_id, role } of projectRoles) rolesByProject.set(project_id, [...(rolesByProject.get(project_id) ?? []), role]);
    const fullAccess = ctx.hasOrganizationRight('projects:full_access');
    // Someone who reaches every project through an organization right holds every project right on each
    // (narrowed by the token): organization_rights says so once, instead of a copy per project, so the
    // answer of an admin who created 10,000 projects does not carry 10,000 copies.
    const projectRights: Record<string, string[]> = {};
    for (const [projectId, roles] of fullAccess || user.isSuperAdmin ? [] : rolesByProject) {
      projectRights[projectId] = projectRightsFor(roles, { fullAccess, isSuperAdmin: user.isSuperAdmin }).filter(
        (right) => !ctx.narrowedRights || ctx.narrowedRights.has(right),
      );
    }
    return {
      id: user.id,
      firstname: user.firstname,
      lastname: user.lastname,
      email: user.email,
      terms_accepted: user.termsAccepted,
      organization: organizationId && ctx.organizationName ? { id: organizationId, name: ctx.organizationName } : null,
      roles: ctx.organizationRoles,
      is_super_admin: user.isSuperAdmin,
      organization_roles: organizationRoles,
      organization_rights: organizationId ? { [organizationId]: [...ctx.organizationRights] } : {},
      project_rights: projectRights,
      project_roles: projectRoles,
    };
  }

  return {
    me,

    async updateMe(ctx: RequestContext, input: UpdateCurrentUser): Promise<CurrentUser> {
      const now = deps.clock.now();
      const updated = await usersRepository.update(deps.db, ctx.user.id, {
        ...(input.firstname !== undefined ? { firstname: input.firstname } : {}),
        ...(input.lastname !== undefined ? { lastname: input.lastname } : {}),
        ...(input.terms_accepted !== undefined
          ? { termsAccepted: input.terms_accepted, termsAcceptedAt: input.terms_accepted ? now : null }
          : {}),
      });
      return me({ ...ctx, user: updated ?? ctx.user });
    },

    async recordLastAccess(ctx: RequestContext) {
      await usersRepository.touchLastAccess(deps.db, ctx.user.id, deps.clock.now());
    },

    async withdrawTerms(ctx: RequestContext) {
      await usersRepository.update(deps.db, ctx.user.id, { termsAccepted: false, termsAcceptedAt: null });
    },

    async findInOrganization(ctx: RequestContext, userId: string): Promise<UserSummary> {
      const found = ctx.organizationId ? await usersRepository.findInOrganization(deps.db, ctx.organizationId, userId) : undefined;
      if (!found) throw notFound('User');
      return {
        id: found.user.id,
        firstname: found.user.firstname,
        lastname: found.user.lastname,
        email: found.user.email,
        roles: found.roles,
        status: found.status,
        last_access_at: found.user.lastAccessAt?.toISOString() ?? null,
      };
    },
  };
}

import { PRODUCT_NAME, type CreateOrganization, type Organization, type OrganizationMetrics, type OrganizationPatch, type OrganizationsOverview, type Page } from '@aegis/contracts';
import type { Deps } from '../../deps';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import type { RequestContext } from '../../plugins/auth';
import { runPurges, schedulePurge } from '../../lib/storage/purges';
import { recordActivity } from '../logs/record-activity';
import { organizationFilePrefix } from '../projects/project-files';
import { people } from '../users/people';
import { organizationAdminRepository, type OrganizationWithUsage } from './organization-admin-repository';
import { organizationsRepository } from './organization-repository';
import { issueInvitation, mailInvitation, type IssuedInvitation } from './invitation-service';

const toOrganization = (row: OrganizationWithUsage): Organization => ({
  id: row.id,
  name: row.name,
  plan_quota: { projects: row.planQuotaProjects },
  used_quota: { projects_ai_application: row.aiProjects, projects_organization: row.organizationProjects },
  created_at: row.createdAt.toISOString(),
});

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

export function organizationAdminService(deps: Pick<Deps, 'db' | 'clock' | 'config' | 'mailer' | 'storage'>, log?: { warn(details: object, message: string): void }) {
  async function find(id: string) {
    const row = await organizationAdminRepository.findWithUsage(deps.db, id);
    if (!row) throw notFound('Organization');
    return row;
  }

  return {
    async list(query: { name?: string; sort_by?: 'name' | 'created_at'; descending: boolean; page: number; size: number }): Promise<Page<Organization>> {
      const { items, total } = await organizationAdminRepository.list(deps.db, { ...query, sortBy: query.sort_by });
      return pageOf(items.map(toOrganization), total, query.page, query.size);
    },

    async create(ctx: RequestContext, input: CreateOrganization) {
      const created = await deps.db.transaction(async (tx) => {
        if (await organizationAdminRepository.nameTaken(tx, input.name)) throw conflict(`An organization named ${input.name} already exists`);
        const created = await organizationsRepository.create(tx, { name: input.name, planQuotaProjects: input.plan_quota?.projects ?? null });
        let issued: IssuedInvitation | null = null;
        if (input.admin_email) {
          const user =
            (await people.findByEmail(tx, input.admin_email)) ??
            (await people.create(tx, { email: input.admin_email, firstname: '', lastname: '', provisionedByOrganizationId: created.id }));
          issued = await issueInvitation(tx, deps, { organizationId: created.id, userId: user.id, email: input.admin_email, role: 'admin', invitedBy: ctx.user.id });
        }
        await recordActivity(tx, { organizationId: created.id, actorId: ctx.user.id, objectType: 'organization', objectId: created.id, action: 'created', after: { name: created.name, plan_quota: created.planQuotaProjects, admin_email: input.admin_email ?? null } });
        return { organization: { ...toOrganization({ ...created, aiProjects: 0, organizationProjects: 0 }) }, issued };
      });
      const { organization, issued } = created;
      if (!issued) return { ...organization, admin_invitation: null };
      const inviter = `${ctx.user.firstname} ${ctx.user.lastname}`.trim() || ctx.user.email;
      const emailSent = await mailInvitation(deps, issued, inviter, `Your organization ${organization.name} on ${PRODUCT_NAME} is ready`);
      return {
        ...organization,
        admin_invitation: { email: issued.row.email, signup_link: issued.signupLink, expires_at: issued.row.expiresAt.toISOString(), email_sent: emailSent },
      };
    },

    async update(ctx: RequestContext, id: string, input: OrganizationPatch): Promise<Organization> {
      if (input.plan_quota && !ctx.hasOrganizationRight('internal_metrics:read')) {
        throw forbidden('Only platform operators may change the plan quota');
      }
      return deps.db.transaction(async (tx) => {
        const before = await organizationAdminRepository.findWithUsage(tx, id);
        if (!before) throw notFound('Organization');
        if (input.name && (await organizationAdminRepository.nameTaken(tx, input.name, id))) throw conflict(`An organization named ${input.name} already exists`);
        const allowed = input.plan_quota?.projects;
        const used = before.aiProjects + before.organizationProjects;
        if (allowed !== undefined && allowed !== null && allowed < Math.max(before.aiProjects, before.organizationProjects)) {
          throw conflict(`The quota cannot be below current usage: ${before.aiProjects} AI-application and ${before.organizationProjects} organization projects (${used} in all)`);
        }
        await organizationAdminRepository.update(tx, id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.plan_quota !== undefined ? { planQuotaProjects: input.plan_quota.projects } : {}),
        });
        const after = (await organizationAdminRepository.findWithUsage(tx, id))!;
        await recordActivity(tx, { organizationId: id, actorId: ctx.user.id, objectType: 'organization', objectId: id, action: 'updated', before: toOrganization(before), after: toOrganization(after) });
        return toOrganization(after);
      });
    },

    async remove(ctx: RequestContext, id: string, cascade: boolean) {
      if (id === ctx.organizationId) throw conflict('You cannot delete the organization you are signed in to');
      await deps.db.transaction(async (tx) => {
        const organization = await organizationAdminRepository.findWithUsage(tx, id);
        if (!organization) throw notFound('Organization');
        const projectCount = await organizationAdminRepository.projectCount(tx, id);
        if (projectCount > 0 && !cascade) {
          throw conflict(`${organization.name} still has ${projectCount} project(s): delete them first, or confirm deleting everything with cascade=true`);
        }
        await organizationAdminRepository.remove(tx, id);
        // Its projects' stored files go with it, right after the commit (retried until gone).
        await schedulePurge(tx, organizationFilePrefix(id));
        // The organization's own log goes with it; the operator's organization keeps the record.
        if (ctx.organizationId) {
          await recordActivity(tx, { organizationId: ctx.organizationId, actorId: ctx.user.id, objectType: 'organization', objectId: id, action: 'deleted', before: toOrganization(organization), after: { cascade, projects: projectCount } });
        }
      });
      await runPurges(deps, log);
    },

    async quota(id: string) {
      const row = await find(id);
      const { plan_quota, used_quota } = toOrganization(row);
      return { organization_id: id, plan_quota, used_quota };
    },

    async metrics(query: { name?: string; sort_by?: string; default_sort?: string; descending: boolean; page: number; size: number }): Promise<Page<OrganizationMetrics>> {
      const sortBy = query.sort_by ?? query.default_sort ?? 'name';
      const { rows, total } = await organizationAdminRepository.metrics(deps.db, { ...query, sortBy }, deps.clock.now());
      const items = rows.map((r) => ({
        organization_id: String(r.organization_id),
        name: String(r.name),
        plan_quota: { projects: r.plan_quota_projects === null ? null : Number(r.plan_quota_projects) },
        users: Number(r.users),
        pending_invitations: Number(r.pending_invitations),
        projects_ai_application: Number(r.projects_ai_application),
        projects_organization: Number(r.projects_organization),
        frameworks_enabled: Number(r.frameworks_enabled),
        templates: Number(r.templates),
        last_activity_at: iso(r.last_activity_at),
        created_at: iso(r.created_at)!,
      }));
      return pageOf(items, total, query.page, query.size);
    },

    async overview(): Promise<OrganizationsOverview> {
      const row = await organizationAdminRepository.overview(deps.db, deps.clock.now());
      return {
        organizations: Number(row.organizations),
        users: Number(row.users),
        projects: Number(row.projects_ai_application) + Number(row.projects_organization),
        projects_ai_application: Number(row.projects_ai_application),
        projects_organization: Number(row.projects_organization),
        active_organizations_30d: Number(row.active_organizations_30d),
        platform_frameworks: Number(row.platform_frameworks),
        organization_templates: Number(row.organization_templates),
      };
    },
  };
}

import { projectRightsFor, type CreateProject, type Page, type Project, type ProjectPermission, type ProjectRole, type ProjectType, type UpdateProject } from '@aegis/contracts';
import type { Deps } from '../../deps';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import type { RequestContext } from '../../plugins/auth';
import { runPurges, schedulePurge } from '../../lib/storage/purges';
import { recordActivity } from '../logs/record-activity';
import { projectFilePrefix } from './project-files';
import { projectRepository, type ProjectRow } from './project-repository';
import { applyFrameworks } from '../frameworks/project-framework-service';

/** The caller's rights on a project with these roles: what their token allows of the roles' rights. */
function rightsOf(ctx: RequestContext, roles: ProjectRole[]): ProjectPermission[] {
  const rights = projectRightsFor(roles, { fullAccess: ctx.hasOrganizationRight('projects:full_access'), isSuperAdmin: ctx.user.isSuperAdmin });
  return ctx.narrowedRights ? rights.filter((right) => ctx.narrowedRights!.has(right)) : rights;
}

const toProject = (ctx: RequestContext, row: ProjectRow): Project => ({
  id: row.id,
  organization_id: row.organizationId,
  name: row.name,
  project_type: row.projectType,
  description: row.description,
  frameworks: row.frameworks,
  roles: row.roles,
  rights: rightsOf(ctx, row.roles),
  members: row.members,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** What the activity log keeps of a project: its own fields, not the viewer's roles. */
const snapshot = (row: ProjectRow) => ({ name: row.name, project_type: row.projectType, description: row.description, frameworks: row.frameworks });

const TYPE_LABEL: Record<ProjectType, string> = { ai_application: 'AI-application', organization: 'organization' };

/** Spec section 5: a new project of a type is allowed while the plan quota is unset or that type's count is below it. */
export function quotaAllows(usage: { quota: number | null; ai: number; organization: number }, type: ProjectType): boolean {
  if (usage.quota === null) return true;
  return (type === 'ai_application' ? usage.ai : usage.organization) < usage.quota;
}

export function projectService(deps: Pick<Deps, 'db' | 'storage'>, log?: { warn(details: object, message: string): void }) {
  const organizationOf = (ctx: RequestContext) => {
    if (!ctx.organizationId) throw forbidden('Projects belong to an organization, and you are not a member of any', 'no_organization');
    return ctx.organizationId;
  };

  async function findOrThrow(ctx: RequestContext, projectId: string, db = deps.db) {
    const row = await projectRepository.find(db, organizationOf(ctx), projectId, ctx.user.id);
    if (!row) throw notFound('Project');
    return row;
  }

  return {
    /** The quota row lock, the writes and the activity entry in one transaction; the answer is read after the commit. */
    async create(ctx: RequestContext, input: CreateProject): Promise<Project> {
      const organizationId = organizationOf(ctx);
      const createdId = await deps.db.transaction(async (tx) => {
        const usage = await projectRepository.usageLocked(tx, organizationId);
        if (!quotaAllows(usage, input.project_type)) {
          const used = input.project_type === 'ai_application' ? usage.ai : usage.organization;
          throw conflict(`Your plan allows ${usage.quota} ${TYPE_LABEL[input.project_type]} projects and ${used} are in use: ask your administrator to raise the quota`);
        }
        if (await projectRepository.nameTaken(tx, organizationId, input.name)) throw conflict(`A project named ${input.name} already exists`);
        const created = await projectRepository.insert(tx, {
          organizationId,
          name: input.name,
          projectType: input.project_type,
          description: input.description,
          createdBy: ctx.user.id,
        });
        await projectRepository.addRole(tx, organizationId, created.id, ctx.user.id, 'owner');
        await applyFrameworks(tx, { organizationId, projectId: created.id, actorId: ctx.user.id }, input.frameworks);
        await recordActivity(tx, { organizationId, projectId: created.id, actorId: ctx.user.id, objectType: 'project', objectId: created.id, action: 'created', after: input });
        return created.id;
      });
      return toProject(ctx, await findOrThrow(ctx, createdId));
    },

    get: async (ctx: RequestContext, projectId: string) => toProject(ctx, await findOrThrow(ctx, projectId)),

    async list(
      ctx: RequestContext,
      organizationId: string,
      query: { name?: string; project_type?: ProjectType; sort_by?: 'name' | 'created_at' | 'project_type'; descending: boolean; page: number; size: number },
    ): Promise<Page<Project>> {
      const { items, total } = await projectRepository.list(deps.db, organizationId, ctx.user.id, {
        memberOnly: !ctx.hasOrganizationRight('projects:full_access'),
        name: query.name || undefined,
        projectType: query.project_type,
        sortBy: query.sort_by,
        descending: query.descending,
        page: query.page,
        size: query.size,
      });
      return pageOf(items.map((row) => toProject(ctx, row)), total, query.page, query.size);
    },

    async update(ctx: RequestContext, projectId: string, input: UpdateProject): Promise<Project> {
      const organizationId = organizationOf(ctx);
      return deps.db.transaction(async (tx) => {
        const before = await findOrThrow(ctx, projectId, tx);
        if (input.name && (await projectRepository.nameTaken(tx, organizationId, input.name, projectId))) throw conflict(`A project named ${input.name} already exists`);
        if (input.project_type && input.project_type !== before.projectType) {
          const usage = await projectRepository.usageLocked(tx, organizationId);
          if (!quotaAllows(usage, input.project_type)) throw conflict(`Your plan has no room for another ${TYPE_LABEL[input.project_type]} project`);
        }
        await projectRepository.update(tx, organizationId, projectId, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.project_type !== undefined ? { projectType: input.project_type } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
        });
        const after = await findOrThrow(ctx, projectId, tx);
        await recordActivity(tx, { organizationId, projectId, actorId: ctx.user.id, objectType: 'project', objectId: projectId, action: 'updated', before: snapshot(before), after: snapshot(after) });
        return toProject(ctx, after);
      });
    },

    /**
     * Removes the project and everything that hangs off it (cascading keys) in one transaction, which
     * also records its stored files for removal; they go right after the commit (and are retried
     * until gone if the storage cannot be reached), so no file outlives its project for long.
     */
    async remove(ctx: RequestContext, projectId: string) {
      const organizationId = organizationOf(ctx);
      await deps.db.transaction(async (tx) => {
        const before = await findOrThrow(ctx, projectId, tx);
        if (!(await projectRepository.remove(tx, organizationId, projectId))) throw notFound('Project');
        await schedulePurge(tx, projectFilePrefix(organizationId, projectId));
        // The project's own log goes with it; the organization keeps the record of the deletion.
        await recordActivity(tx, { organizationId, actorId: ctx.user.id, objectType: 'project', objectId: projectId, action: 'deleted', before: snapshot(before) });
      });
      await runPurges(deps, log);
    },
  };
}

import { z } from 'zod';
import { booleanQuery, isoDateTime, pageQuery, uuid } from './common';
import { templateFrameworkCode } from './framework-template';
import { PROJECT_PERMISSIONS, PROJECT_ROLES } from './permissions';
import { projectType } from './project-types';
import { REQUIREMENT_STATUSES, WORK_ITEM_STATUSES } from './work-items';

export * from './project-types';

export const PROJECT_ROLE_LABELS: Record<(typeof PROJECT_ROLES)[number], string> = { owner: 'Owner', editor: 'Editor', reviewer: 'Reviewer', auditor: 'Auditor' };

/** What each project role is for (spec section 3), for screens that explain roles. */
export const PROJECT_ROLE_DESCRIPTIONS: Record<(typeof PROJECT_ROLES)[number], string> = {
  owner: 'Responsible for project execution and delivery (e.g. project manager, lead data scientist).',
  editor: 'Contributes to project execution (e.g. data scientist, ML engineer, data engineer, data analyst).',
  reviewer: 'Reviews the project delivery (e.g. external stakeholder, project member).',
  auditor: 'Accountable for the fulfilment of Controls (e.g. model risk, AI governance).',
};

/** A framework a project applies, by code, with its name for display. */
export const appliedFramework = z.object({ framework_code: z.string(), name: z.string() });
export type AppliedFramework = z.infer<typeof appliedFramework>;

export const project = z.object({
  id: uuid,
  organization_id: uuid,
  name: z.string(),
  project_type: projectType,
  description: z.string(),
  /** Frameworks applied to the project, by name. */
  frameworks: z.array(appliedFramework),
  /** The caller's roles on the project (empty when they see it through full access). */
  roles: z.array(z.enum(PROJECT_ROLES)),
  /** What the caller may do on the project: their roles' rights, or all of them with full access. */
  rights: z.array(z.enum(PROJECT_PERMISSIONS)),
  members: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Project = z.infer<typeof project>;

const projectName = z.string().trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters');
const description = z.string().trim().max(2000, 'Description must be at most 2000 characters');

export const createProject = z.strictObject({
  name: projectName,
  project_type: projectType,
  description: description.default(''),
  /** Frameworks to apply from the start (codes the organization can use); each at most once. */
  frameworks: z
    .array(templateFrameworkCode)
    .max(50)
    .refine((codes) => new Set(codes).size === codes.length, 'Choose each framework once')
    .default([]),
});
export type CreateProject = z.infer<typeof createProject>;

export const updateProject = z
  .strictObject({ name: projectName, project_type: projectType, description })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Send name, project_type or description');
export type UpdateProject = z.infer<typeof updateProject>;

export const listProjectsQuery = pageQuery(['name', 'created_at', 'project_type']).extend({
  name: z.string().trim().max(200).optional(),
  project_type: projectType.optional(),
});

export const projectIdParams = z.object({ project_id: uuid });

export const projectMember = z.object({
  user_id: uuid,
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  roles: z.array(z.enum(PROJECT_ROLES)),
});
export type ProjectMember = z.infer<typeof projectMember>;

export const listProjectMembersQuery = pageQuery(['name', 'email']).extend({
  name: z.string().trim().max(200).optional(),
  /** Comma-separated project roles to keep. */
  roles: z.string().max(100).optional(),
  exclude_me: booleanQuery.default(false),
});

export const projectRoleQuery = z.object({ role: z.enum(PROJECT_ROLES), project_id: uuid });
export const projectRolesBody = z.object({ roles: z.array(z.enum(PROJECT_ROLES)).min(1, 'Keep at least one role').max(PROJECT_ROLES.length) });
export const projectRolesQuery = z.object({ project_id: uuid });

export const accessRequestResult = z.object({
  /** False when an earlier request of yours is still unread by the owners: requests do not pile up. */
  notified: z.boolean(),
  owners: z.number().int(),
});

export const projectDashboard = z.object({
  project_id: uuid,
  members: z.number().int(),
  members_by_role: z.record(z.enum(PROJECT_ROLES), z.number().int()),
  // Each count below comes from the query of the list it stands for, so the two always agree.
  /** The requirements list, unfiltered (out of scope ones included), in total and by status. */
  requirements: z.object({ total: z.number().int(), by_status: z.record(z.enum(REQUIREMENT_STATUSES), z.number().int()) }),
  /** The controls list, unfiltered, in total and by status. */
  controls: z.object({ total: z.number().int(), by_status: z.record(z.enum(WORK_ITEM_STATUSES), z.number().int()) }),
  /** Controls with a review awaiting the caller's decision: the controls filter "To review by me", "to review" in My work. */
  to_review: z.number().int(),
});
export type ProjectDashboard = z.infer<typeof projectDashboard>;

export const activityEntry = z.object({
  log_id: uuid,
  object_type: z.string(),
  object_id: z.string(),
  action: z.string(),
  actor: z.object({ id: uuid, name: z.string(), email: z.string() }).nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  created_at: isoDateTime,
});
export type ActivityEntry = z.infer<typeof activityEntry>;

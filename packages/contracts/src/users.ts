import { z } from 'zod';
import { uuid } from './common';
import { ORGANIZATION_ROLES, PROJECT_ROLES } from './permissions';

export const organizationRole = z.enum(ORGANIZATION_ROLES);
export const projectRole = z.enum(PROJECT_ROLES);

export const currentUser = z.object({
  id: uuid,
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  terms_accepted: z.boolean(),
  organization: z.object({ id: uuid, name: z.string() }).nullable(),
  /** Roles held in the current organization. */
  roles: z.array(organizationRole),
  is_super_admin: z.boolean(),
  organization_roles: z.array(z.object({ organization_id: uuid, role: organizationRole })),
  /** Rights by organization id; only the current organization is listed. */
  organization_rights: z.record(z.string(), z.array(z.string())),
  /**
   * Rights by project id, for the projects of the current organization the user holds a role on. Empty for
   * someone who reaches every project through `projects:full_access` (in organization_rights): they hold
   * every project right on each project, said once there.
   */
  project_rights: z
    .record(z.string(), z.array(z.string()))
    .describe(
      'Rights by project id, for the projects the user holds a role on. Empty when organization_rights holds projects:full_access: every project right on every project, said once.',
    ),
  project_roles: z.array(z.object({ project_id: uuid, role: projectRole })),
});
export type CurrentUser = z.infer<typeof currentUser>;

const name = z.string().trim().min(1, 'Must not be empty').max(100);

export const updateCurrentUser = z
  .object({ firstname: name, lastname: name, terms_accepted: z.boolean() })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one of firstname, lastname, terms_accepted');
export type UpdateCurrentUser = z.infer<typeof updateCurrentUser>;

export const userSummary = z.object({
  id: uuid,
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  roles: z.array(organizationRole),
  status: z.enum(['active', 'deactivated']),
  last_access_at: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummary>;

export const userIdParams = z.object({ user_id: uuid });

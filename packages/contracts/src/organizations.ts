import { z } from 'zod';
import { uuid } from './common';

/** The organization's feature flags (spec section 3), with their defaults. */
export const organizationConfig = z.object({
  organization_id: uuid,
  vendor_management_enabled_for_entire_organization: z.boolean(),
  user_management_enabled_for_entire_organization: z.boolean(),
  evidence_scoring_enabled_for_entire_organization: z.boolean(),
  control_assessment_enabled_for_entire_organization: z.boolean(),
  content_management_enabled: z.boolean(),
  /**
   * Separation of duties (not in the spec's flags; on by default): nobody approves or force-approves what
   * they are assigned to or asked to have reviewed, and reopening an approved object needs
   * reviews:force_update_status. docs/separation-of-duties.md.
   */
  separation_of_duties_enabled: z.boolean(),
});
export type OrganizationConfig = z.infer<typeof organizationConfig>;

export const organizationIdParams = z.object({ organization_id: uuid });

const flag = z.boolean();

/** PUT replaces every flag; unknown keys are refused. */
export const putOrganizationConfig = z.strictObject({
  vendor_management_enabled_for_entire_organization: flag,
  user_management_enabled_for_entire_organization: flag,
  evidence_scoring_enabled_for_entire_organization: flag,
  control_assessment_enabled_for_entire_organization: flag,
  content_management_enabled: flag,
  /** Optional so that a client sending the spec's five flags keeps working: left as it is when absent. */
  separation_of_duties_enabled: flag.optional(),
});
/** PATCH changes the flags it names; unknown keys are refused. */
export const patchOrganizationConfig = putOrganizationConfig
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one flag');
export type PutOrganizationConfig = z.infer<typeof putOrganizationConfig>;
export type PatchOrganizationConfig = z.infer<typeof patchOrganizationConfig>;

export const organization = z.object({
  id: uuid,
  name: z.string(),
  plan_quota: z.object({ projects: z.number().int().nullable() }),
  used_quota: z.object({ projects_ai_application: z.number().int(), projects_organization: z.number().int() }),
  created_at: z.string(),
});
export type Organization = z.infer<typeof organization>;

const organizationName = z.string().trim().min(1, 'Name is required').max(200);
const planQuota = z.object({
  /** Projects allowed by the plan; null means unlimited. */
  projects: z.number().int().min(0, 'The quota cannot be negative').max(100_000).nullable(),
});

/** POST creates (name required); PATCH changes what it names. Changing the plan quota is for platform operators. */
export const organizationUpdate = z.strictObject({ name: organizationName, plan_quota: planQuota.optional() });
export const organizationPatch = z
  .strictObject({ name: organizationName, plan_quota: planQuota })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Send name or plan_quota');
export const createOrganization = organizationUpdate.extend({
  /** Invites this person as the new organization's first admin; the response carries the sign-up link. */
  admin_email: z.email('Enter a valid email address').max(320).transform((v) => v.trim().toLowerCase()).optional(),
});
export type CreateOrganization = z.infer<typeof createOrganization>;
export type OrganizationPatch = z.infer<typeof organizationPatch>;

export const createdOrganization = organization.extend({
  admin_invitation: z.object({ email: z.string(), signup_link: z.string(), expires_at: z.string(), email_sent: z.boolean() }).nullable(),
});

export const quota = z.object({
  organization_id: uuid,
  plan_quota: z.object({ projects: z.number().int().nullable() }),
  used_quota: z.object({ projects_ai_application: z.number().int(), projects_organization: z.number().int() }),
});

export const organizationMetrics = z.object({
  organization_id: uuid,
  name: z.string(),
  plan_quota: z.object({ projects: z.number().int().nullable() }),
  users: z.number().int(),
  pending_invitations: z.number().int(),
  projects_ai_application: z.number().int(),
  projects_organization: z.number().int(),
  /** Frameworks the organization can apply: platform frameworks it has on, and its own templates. */
  frameworks_enabled: z.number().int(),
  /** Its own uploaded templates. */
  templates: z.number().int(),
  last_activity_at: z.string().nullable(),
  created_at: z.string(),
});
export type OrganizationMetrics = z.infer<typeof organizationMetrics>;

export const organizationsOverview = z.object({
  organizations: z.number().int(),
  users: z.number().int(),
  projects: z.number().int(),
  projects_ai_application: z.number().int(),
  projects_organization: z.number().int(),
  /** Organizations with any recorded activity in the last 30 days. */
  active_organizations_30d: z.number().int(),
  /** Frameworks of the platform catalogue (built-in and uploaded by operators). */
  platform_frameworks: z.number().int(),
  /** Templates organizations uploaded for themselves. */
  organization_templates: z.number().int(),
});
export type OrganizationsOverview = z.infer<typeof organizationsOverview>;

export const tag = z.object({ tag_id: uuid, name: z.string(), color: z.string(), created_at: z.string() });
export type Tag = z.infer<typeof tag>;
const tagColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must look like #1a2b3c').transform((v) => v.toLowerCase());
export const createTag = z.strictObject({ name: z.string().trim().min(1, 'Name is required').max(60), color: tagColor.default('#5c6bc0') });
export const updateTag = z
  .strictObject({ name: z.string().trim().min(1, 'Name is required').max(60), color: tagColor })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Send name or color');
export type CreateTag = z.infer<typeof createTag>;
export type UpdateTag = z.infer<typeof updateTag>;

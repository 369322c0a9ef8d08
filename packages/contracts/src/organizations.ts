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
});
/** PATCH changes the flags it names; unknown keys are refused. */
export const patchOrganizationConfig = putOrganizationConfig
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one flag');
export type PutOrganizationConfig = z.infer<typeof putOrganizationConfig>;
export type PatchOrganizationConfig = z.infer<typeof patchOrganizationConfig>;

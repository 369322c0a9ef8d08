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

import { z } from 'zod';
import { pageQuery, uuid } from './common';
import { statusCounts } from './frameworks';
import { requirementStatus } from './work-items';

/** A requirement of an applied framework, with the status its controls give it. */
export const requirementListItem = z.object({
  id: uuid,
  framework_code: z.string(),
  framework_name: z.string(),
  code: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  reference: z.string().nullable(),
  /** The titles of the sections above it, outermost first. */
  section: z.array(z.string()),
  status: requirementStatus,
  /** `partial`: its controls together do not cover it all, so it never reads as fully met. */
  coverage: z.enum(['full', 'partial']).nullable(),
  coverage_note: z.string().nullable(),
  applicable: z.boolean(),
  /** Why it does not apply (the failing condition and the answer, the EU AI Act scope, a person's exclusion); null when it applies. */
  applicability_reason: z.string().nullable(),
  controls_by_status: statusCounts,
  control_count: z.number().int(),
});
export type RequirementListItem = z.infer<typeof requirementListItem>;

export const listRequirementsQuery = pageQuery(['framework', 'code', 'title', 'status']).extend({
  name: z.string().trim().max(200).optional(),
  /** A framework code of the project. */
  framework: z.string().trim().max(40).optional(),
  status: requirementStatus.optional(),
});
export type ListRequirementsQuery = z.infer<typeof listRequirementsQuery>;

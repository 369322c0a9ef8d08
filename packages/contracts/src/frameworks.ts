import { z } from 'zod';
import { booleanQuery, isoDateTime, pageQuery, uuid } from './common';
import { appliesWhen, LIFECYCLE_PHASES, MAPPING_RELATIONSHIPS, templateFrameworkCode, templateQuestion } from './framework-template';
import { projectType } from './project-types';
import { WORK_ITEM_STATUSES, type WorkItemStatus } from './work-items';

/**
 * Where a framework comes from: shipped with the product (`builtin`), uploaded by platform operators
 * (`platform`) — both enabled per organization — or an organization's own template (`organization`).
 */
export const FRAMEWORK_SOURCES = ['builtin', 'platform', 'organization'] as const;
export const frameworkSource = z.enum(FRAMEWORK_SOURCES);
export type FrameworkSource = z.infer<typeof frameworkSource>;

export const FRAMEWORK_SOURCE_LABELS: Record<FrameworkSource, string> = {
  builtin: 'Built-in',
  platform: 'Platform',
  organization: 'Your organization',
};

export const mappingRelationship = z.enum(MAPPING_RELATIONSHIPS);

/** What a relationship means for coverage: only `equal` and `subset` cover a requirement fully on their own. */
export const RELATIONSHIP_LABELS: Record<(typeof MAPPING_RELATIONSHIPS)[number], string> = {
  equal: 'Equal',
  subset: 'Fully covered',
  superset: 'Partly covered',
  intersect: 'Overlaps',
};

/** A framework as listed: what it is and how big. */
export const frameworkSummary = z.object({
  framework_code: z.string(),
  name: z.string(),
  version: z.string(),
  publisher: z.string().nullable(),
  description: z.string().nullable(),
  source: frameworkSource,
  project_types: z.array(projectType),
  /** For the calling organization: a platform framework it has switched on (its own templates always are). */
  enabled: z.boolean(),
  /** Requirements that carry controls (sections not counted). */
  requirement_count: z.number().int(),
  control_count: z.number().int(),
  created_at: isoDateTime,
});
export type FrameworkSummary = z.infer<typeof frameworkSummary>;

export const listTemplatesQuery = pageQuery(['name', 'framework_code', 'created_at']).extend({
  /** Only frameworks meant for this project type. */
  project_type: projectType.optional(),
  name: z.string().trim().max(200).optional(),
  /** Also list the platform frameworks the organization has switched off (to switch them on). */
  include_disabled: booleanQuery.default(false),
});

export const frameworkCodeParams = z.object({ framework_code: templateFrameworkCode });
export const organizationFrameworkParams = z.object({ organization_id: uuid, framework_code: templateFrameworkCode });

export const platformFrameworkToggle = z.strictObject({
  framework_code: templateFrameworkCode,
  enabled: z.boolean(),
});
export type PlatformFrameworkToggle = z.infer<typeof platformFrameworkToggle>;

/** A problem of a refused template upload, by path and (for syntax errors) line. */
export const templateProblem = z.object({ path: z.string(), message: z.string(), line: z.number().int().optional() });

export const controlMappingView = z.object({
  control_code: z.string(),
  title: z.string(),
  relationship: mappingRelationship,
  source: z.string(),
  rationale: z.string().nullable(),
  strength: z.number().int().nullable(),
});
export type ControlMappingView = z.infer<typeof controlMappingView>;

export type RequirementNode = {
  code: string;
  title: string;
  summary: string | null;
  reference: string | null;
  notes: string[];
  applies_when: unknown;
  applies_from: string | null;
  /** `partial` when the mapped controls together do not cover the requirement: it never reads as met. */
  coverage: 'full' | 'partial' | null;
  coverage_note: string | null;
  controls: ControlMappingView[];
  children: RequirementNode[];
};
/**
 * Named (`id`), so the OpenAPI document holds it once as a component that its own children refer to:
 * an unnamed recursive schema comes out as a reference to nothing, and client generators stop on it.
 */
export const requirementNode: z.ZodType<RequirementNode> = z
  .object({
    code: z.string(),
    title: z.string(),
    summary: z.string().nullable(),
    reference: z.string().nullable(),
    notes: z.array(z.string()),
    applies_when: appliesWhen.nullable(),
    applies_from: z.string().nullable(),
    coverage: z.enum(['full', 'partial']).nullable(),
    coverage_note: z.string().nullable(),
    controls: z.array(controlMappingView),
    get children() {
      return z.array(requirementNode);
    },
  })
  .meta({ id: 'RequirementNode', description: 'A requirement of a framework; with children it is a section.' });

/** A control the platform library (MFF-1) or a template defines. */
export const controlDefinition = z.object({
  control_code: z.string(),
  title: z.string(),
  objective: z.string().nullable(),
  guidance: z.string().nullable(),
  evidence_examples: z.array(z.string()),
  domain: z.string().nullable(),
  lifecycle_phase: z.array(z.enum(LIFECYCLE_PHASES)),
  /** The framework that defines it: MFF-1, or the template that brought it. */
  defined_by: z.string(),
});
export type ControlDefinition = z.infer<typeof controlDefinition>;

/** A requirement of another framework that maps to the same control ("this control also satisfies…"). */
export const crosswalkEntry = z.object({
  framework_code: z.string(),
  framework_name: z.string(),
  requirement_code: z.string(),
  requirement_title: z.string(),
  relationship: mappingRelationship,
});
export type CrosswalkEntry = z.infer<typeof crosswalkEntry>;

export const frameworkDetail = frameworkSummary.extend({
  notice: z.string().nullable(),
  url: z.string().nullable(),
  requirements: z.array(requirementNode),
  /** Every control the framework maps to, by code. */
  controls: z.array(controlDefinition),
  /** For each of its controls, the requirements of the organization's other frameworks that map to it too. */
  crosswalk: z.record(z.string(), z.array(crosswalkEntry)),
  questionnaire: z.array(templateQuestion),
});
export type FrameworkDetail = z.infer<typeof frameworkDetail>;

/** Platform operators: a platform framework and which organizations have it on. */
export const platformFramework = frameworkSummary.omit({ enabled: true }).extend({
  enabled_by_default: z.boolean(),
  organizations_enabled: z.number().int(),
  projects_using: z.number().int(),
});
export type PlatformFramework = z.infer<typeof platformFramework>;

export const platformFrameworkOrganization = z.object({ organization_id: uuid, name: z.string(), enabled: z.boolean(), projects_using: z.number().int() });
export const platformFrameworkDetail = z.object({
  framework: frameworkDetail,
  organizations: z.array(platformFrameworkOrganization),
});
export type PlatformFrameworkDetail = z.infer<typeof platformFrameworkDetail>;

export const listPlatformFrameworksQuery = pageQuery(['name', 'framework_code', 'created_at']).extend({ name: z.string().trim().max(200).optional() });

/** Controls of an applied framework counted by status: its progress in the project. */
export const statusCounts = z.object(Object.fromEntries(WORK_ITEM_STATUSES.map((s) => [s, z.number().int()])) as Record<WorkItemStatus, z.ZodNumber>);
export type StatusCounts = z.infer<typeof statusCounts>;

export const projectFramework = z.object({
  framework_code: z.string(),
  name: z.string(),
  version: z.string(),
  source: frameworkSource,
  requirement_count: z.number().int(),
  control_count: z.number().int(),
  /** The project's controls that serve this framework, by status. */
  controls_by_status: statusCounts,
  applied_at: isoDateTime,
});
export type ProjectFramework = z.infer<typeof projectFramework>;

export const listProjectFrameworksQuery = pageQuery(['name', 'framework_code', 'applied_at']).extend({ name: z.string().trim().max(200).optional() });
export const applyFramework = z.strictObject({ framework_code: templateFrameworkCode });
export const applyFrameworks = z
  .array(templateFrameworkCode)
  .min(1, 'Choose at least one framework')
  .max(50)
  .refine((codes) => new Set(codes).size === codes.length, 'Choose each framework once');
export const projectFrameworkParams = z.object({ project_id: uuid, framework_code: templateFrameworkCode });

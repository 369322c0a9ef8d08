import { z } from 'zod';
import { PROJECT_TYPES } from './project-types';

/**
 * The framework template file format (docs/framework-templates.md): one tree of requirements, each mapped
 * to controls (MFF-1's or the template's own). This schema describes the file as written; the API's
 * parser normalizes it (plain control codes become `equal` mappings) and checks what a schema cannot
 * (unique codes across the tree, known controls, reserved framework codes).
 */

/** Largest template file accepted; a bigger upload is refused before it is parsed (413). */
export const MAX_FRAMEWORK_TEMPLATE_BYTES = 2 * 1024 * 1024;
/** Deepest requirement tree (sections inside sections); real frameworks need 4 or 5 levels. */
export const MAX_REQUIREMENT_DEPTH = 8;
/** Most requirement nodes in one template, counted over the whole tree. */
export const MAX_REQUIREMENTS = 5000;
/** Most control mappings in one template (every requirement's `controls`, added up): what applying it writes. */
export const MAX_TEMPLATE_MAPPINGS = 25_000;

export const BUILT_IN_FRAMEWORK_CODES = ['MFF-1', 'EU_AI_ACT', 'ISO_IEC_42001', 'NIST_AI_RMF'] as const;
export const MFF1_FRAMEWORK_CODE = 'MFF-1';

export const MAPPING_RELATIONSHIPS = ['equal', 'subset', 'superset', 'intersect'] as const;
export type MappingRelationship = (typeof MAPPING_RELATIONSHIPS)[number];

/**
 * Scoping answers any template's `applies_when` may read besides its own questionnaire: the project's
 * type and the EU AI Act settings, whose questions the built-in EU_AI_ACT template defines.
 */
export const SHARED_SCOPING_FIELDS = [
  'project.project_type',
  'eu_ai_act.role',
  'eu_ai_act.risk_category',
  'eu_ai_act.high_risk_basis',
  'eu_ai_act.annex_iii_area',
  'eu_ai_act.annex_iii_use_case',
  'eu_ai_act.establishment',
  'eu_ai_act.model_property',
  'eu_ai_act.transparency_trigger',
  'eu_ai_act.organization_context',
  'eu_ai_act.transitional',
] as const;

/** Sources every template may cite without declaring them in `sources`. */
export const BUILT_IN_MAPPING_SOURCES = ['author', 'derived'] as const;

/** AI life-cycle phases a control belongs to; `cross_cutting` is organization-wide work. */
export const LIFECYCLE_PHASES = ['plan_design', 'data', 'build', 'verify_validate', 'deploy', 'operate_monitor', 'retire', 'cross_cutting'] as const;
export type LifecyclePhase = (typeof LIFECYCLE_PHASES)[number];

const text = (max: number) => z.string().trim().min(1).max(max);

export const templateFrameworkCode = z
  .string()
  .regex(/^[A-Z0-9][A-Z0-9_.-]{1,39}$/, 'must be 2-40 characters: capital letters, digits, _ . - (starting with a letter or digit)');
export const templateRequirementCode = z
  .string()
  .max(100)
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9 ._()/:#+-]*[A-Za-z0-9.)])?$/, 'must be letters, digits, spaces and . _ ( ) / : # + -, without leading or trailing space');
export const templateControlCode = z
  .string()
  .max(80)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be letters, digits and . _ -');
const sourceId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,59}$/, 'must be letters, digits and . _ - (at most 60)');
const questionId = z.string().max(100).regex(/^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)*$/, 'must be lower-case words joined by _ and .');
const optionValue = z.string().max(100).regex(/^[a-z0-9][a-z0-9_-]*$/, 'must be lower-case letters, digits, _ and -');
const scalar = z.union([z.string().max(200), z.number(), z.boolean()]);

/** A condition over scoping answers; see "applies_when" in docs/framework-templates.md. */
export type AppliesWhen =
  | { all: AppliesWhen[] }
  | { any: AppliesWhen[] }
  | { not: AppliesWhen }
  | { field: string; in: (string | number | boolean)[] }
  | { field: string; equals: string | number | boolean };

export const appliesWhen: z.ZodType<AppliesWhen> = z
  .union([
    z.strictObject({
      get all() {
        return z.array(appliesWhen).min(1).max(50);
      },
    }),
    z.strictObject({
      get any() {
        return z.array(appliesWhen).min(1).max(50);
      },
    }),
    z.strictObject({
      get not() {
        return appliesWhen;
      },
    }),
    z.strictObject({ field: questionId, in: z.array(scalar).min(1).max(100) }),
    z.strictObject({ field: questionId, equals: scalar }),
  ])
  .meta({ id: 'applies_when', description: 'A condition over scoping answers: all, any, not, or a field compared with in / equals.' });

export const controlMapping = z.strictObject({
  code: templateControlCode,
  relationship: z.enum(MAPPING_RELATIONSHIPS),
  /** `author`, `derived`, or the id of an entry of the template's `sources`. Default `author`. */
  source: sourceId.optional(),
  rationale: text(2000).optional(),
  /** How strongly the control answers the requirement, 1 (barely) to 10 (completely). */
  strength: z.number().int().min(1).max(10).optional(),
});
export type ControlMapping = z.infer<typeof controlMapping>;

/** A plain control code means `{ code, relationship: 'equal', source: 'author' }`. */
export const controlRef = z.union([templateControlCode, controlMapping]);

type RequirementInput = {
  code: string;
  title: string;
  summary?: string;
  reference?: string;
  notes?: string[];
  applies_when?: AppliesWhen;
  applies_from?: string;
  applies_from_when?: { date: string; when: AppliesWhen }[];
  applies_from_note?: string;
  coverage?: 'full' | 'partial';
  coverage_note?: string;
  binds?: 'operators' | 'authorities';
  deleted_by?: { act: string; see?: string };
  controls?: (string | ControlMapping)[];
  children?: RequirementInput[];
};

export const templateRequirement: z.ZodType<RequirementInput> = z
  .strictObject({
    code: templateRequirementCode,
    title: text(500),
    /** Plain-language summary, or for public-domain frameworks the requirement's own text. */
    summary: text(4000).optional(),
    /** Where to read the original, e.g. "Regulation (EU) 2024/1689, Art. 9(2)". */
    reference: text(500).optional(),
    notes: z.array(text(1000)).max(20).optional(),
    /** Applicable only when this (and every ancestor's) condition holds. */
    applies_when: appliesWhen.optional(),
    applies_from: z.iso.date().optional(),
    /**
     * Other dates for some projects: the first case whose condition holds for the project's answers gives the
     * date instead of `applies_from` (e.g. a later date for one basis). Needs `applies_from`, the date otherwise.
     */
    applies_from_when: z
      .array(z.strictObject({ date: z.iso.date(), when: appliesWhen }))
      .min(1)
      .max(10)
      .optional(),
    applies_from_note: text(1000).optional(),
    /** Whether the mapped controls together meet the requirement; `partial` says what is left in coverage_note. */
    coverage: z.enum(['full', 'partial']).optional(),
    coverage_note: text(1000).optional(),
    /**
     * Whom the requirement binds. `authorities` (a duty of the Commission or the Member States): shown for
     * reference, never applicable to a project, so it never counts in coverage or progress. Children inherit it.
     */
    binds: z.enum(['operators', 'authorities']).optional(),
    /**
     * The act that deleted this provision, and where its content went (`see`), e.g. `{ act: "Regulation (EU)
     * 2026/1744", see: "Art. 4a" }`: shown for reference, never applicable, a person cannot include it, never
     * counted. Only on a requirement without children.
     */
    deleted_by: z.strictObject({ act: text(300), see: text(300).optional() }).optional(),
    controls: z.array(controlRef).max(100).optional(),
    /** A node with children is a section: its own controls are optional. */
    get children() {
      return z.array(templateRequirement).max(1000).optional();
    },
  })
  .meta({ id: 'requirement', description: 'A requirement; with children it is a section.' });
export type TemplateRequirement = RequirementInput;

export const templateControl = z.strictObject({
  code: templateControlCode,
  title: text(300),
  objective: text(2000).optional(),
  guidance: text(4000).optional(),
  evidence_examples: z.array(text(300)).max(30).optional(),
  domain: text(100).optional(),
  lifecycle_phase: z.array(z.enum(LIFECYCLE_PHASES)).min(1).max(LIFECYCLE_PHASES.length).optional(),
});
export type TemplateControl = z.infer<typeof templateControl>;

export const templateQuestion = z.strictObject({
  id: questionId,
  text: text(1000),
  help: text(2000).optional(),
  answer_type: z.enum(['single', 'multi']),
  options: z
    .array(z.strictObject({ value: optionValue, label: text(300), help: text(1000).optional() }))
    .min(1)
    .max(100),
});
export type TemplateQuestion = z.infer<typeof templateQuestion>;

export const templateSource = z.strictObject({
  id: sourceId,
  title: text(500),
  url: z.url().max(1000).optional(),
  note: text(2000).optional(),
});

export const frameworkTemplate = z
  .strictObject({
    /** Lets editors validate against the served JSON Schema; ignored otherwise. */
    $schema: z.string().max(1000).optional(),
    framework_code: templateFrameworkCode,
    name: text(200),
    version: text(50),
    publisher: text(200).optional(),
    description: text(4000).optional(),
    url: z.url().max(1000).optional(),
    /** Copyright, licence and attribution statement shown with the framework. */
    notice: text(4000).optional(),
    project_types: z.array(z.enum(PROJECT_TYPES)).min(1).max(PROJECT_TYPES.length).optional(),
    /** Mapping sources cited by `controls[].source` besides `author` and `derived`. */
    sources: z.array(templateSource).max(50).optional(),
    questionnaire: z.array(templateQuestion).max(100).optional(),
    /** Controls the template defines itself, referenced by code from requirements. */
    controls: z.array(templateControl).max(2000).optional(),
    requirements: z.array(templateRequirement).min(1).max(1000),
  })
  .meta({ title: 'Aegis framework template', description: 'A framework: requirements mapped to controls. See docs/framework-templates.md.' });
export type FrameworkTemplate = z.infer<typeof frameworkTemplate>;

/** A mapping after normalization: every field the platform relies on is present. */
export type NormalizedMapping = { code: string; relationship: MappingRelationship; source: string; rationale?: string; strength?: number };
export type NormalizedRequirement = Omit<TemplateRequirement, 'controls' | 'children'> & { controls: NormalizedMapping[]; children: NormalizedRequirement[] };
export type NormalizedTemplate = Omit<FrameworkTemplate, '$schema' | 'requirements' | 'controls' | 'questionnaire' | 'sources'> & {
  sources: z.infer<typeof templateSource>[];
  questionnaire: TemplateQuestion[];
  controls: TemplateControl[];
  requirements: NormalizedRequirement[];
};

let jsonSchema: Record<string, unknown> | undefined;

/** The JSON Schema of a template file (served at GET /api/schemas/framework-template.json). */
export function frameworkTemplateJsonSchema(): Record<string, unknown> {
  jsonSchema ??= { $id: 'framework-template.json', ...z.toJSONSchema(frameworkTemplate, { io: 'input', target: 'draft-2020-12' }) };
  return jsonSchema;
}

import type { ControlDefinition, CrosswalkEntry, FrameworkDetail, PlatformFramework, ProjectFramework, RequirementNode } from '@aegis/contracts';
import { buildFrameworkSummary } from './factories';

/** A leaf requirement mapped to one MFF-1 control, fully covered. */
export function buildRequirement(overrides: Partial<RequirementNode> = {}): RequirementNode {
  return {
    code: 'Art. 4',
    title: 'AI literacy',
    summary: null,
    reference: null,
    notes: [],
    applies_when: null,
    applies_from: null,
    coverage: 'full',
    coverage_note: null,
    controls: [
      { control_code: 'MFF-1.LIT.01', title: 'AI literacy programme', relationship: 'equal', source: 'derived', rationale: 'Competence and awareness of staff.', strength: 10 },
    ],
    children: [],
    ...overrides,
  };
}

export function buildControlDefinition(overrides: Partial<ControlDefinition> = {}): ControlDefinition {
  return {
    control_code: 'MFF-1.LIT.01',
    title: 'AI literacy programme',
    objective: 'People who build, run or oversee AI know enough to do it well.',
    guidance: 'Train by role; refresh yearly.',
    evidence_examples: ['Training plan', 'Attendance records'],
    domain: 'Literacy',
    lifecycle_phase: ['cross_cutting'],
    defined_by: 'MFF-1',
    ...overrides,
  };
}

export function buildCrosswalkEntry(overrides: Partial<CrosswalkEntry> = {}): CrosswalkEntry {
  return {
    framework_code: 'ISO_IEC_42001',
    framework_name: 'ISO/IEC 42001',
    requirement_code: '7.3',
    requirement_title: 'Awareness',
    relationship: 'equal',
    ...overrides,
  };
}

/**
 * A small EU AI Act: a chapter with a conditional article (one requirement partly covered), and a
 * transparency article; MFF-1.LIT.01 also satisfies an ISO/IEC 42001 requirement.
 */
export function buildFrameworkDetail(overrides: Partial<FrameworkDetail> = {}): FrameworkDetail {
  return {
    ...buildFrameworkSummary(),
    notice: 'Summaries are our own words; the regulation is the reference.',
    url: 'https://eur-lex.europa.eu/eli/reg/2024/1689/oj',
    requirements: [
      buildRequirement({
        code: 'Ch. I',
        title: 'General provisions',
        controls: [],
        coverage: null,
        children: [
          buildRequirement({
            code: 'Article 4',
            title: 'AI literacy',
            controls: [],
            coverage: null,
            applies_when: { field: 'eu_ai_act.role', in: ['provider', 'deployer'] },
            applies_from: '2025-02-02',
            notes: ['Amended by Regulation (EU) 2026/1744.'],
            children: [
              buildRequirement({ code: 'Art. 4', title: 'Providers and deployers ensure sufficient AI literacy', summary: 'Staff operating AI are trained.' }),
            ],
          }),
        ],
      }),
      buildRequirement({
        code: 'Art. 50(1)',
        title: 'People are told they interact with an AI system',
        coverage: 'partial',
        coverage_note: 'Designing the disclosure into the interface is not covered by any control.',
        controls: [{ control_code: 'MFF-1.TRA.04', title: 'AI interaction disclosure', relationship: 'superset', source: 'author', rationale: null, strength: 6 }],
      }),
    ],
    controls: [
      buildControlDefinition(),
      buildControlDefinition({ control_code: 'MFF-1.TRA.04', title: 'AI interaction disclosure', domain: 'Transparency', lifecycle_phase: ['deploy'], evidence_examples: [] }),
    ],
    crosswalk: { 'MFF-1.LIT.01': [buildCrosswalkEntry(), buildCrosswalkEntry({ framework_code: 'NIST_AI_RMF', framework_name: 'NIST AI RMF', requirement_code: 'GOVERN 2.2', requirement_title: 'Training', relationship: 'intersect' })] },
    questionnaire: [
      {
        id: 'eu_ai_act.role',
        text: 'What is your role?',
        answer_type: 'multi',
        options: [
          { value: 'provider', label: 'Provider (develops it)' },
          { value: 'deployer', label: 'Deployer (uses it)' },
        ],
      },
    ],
    ...overrides,
  };
}

export function buildPlatformFramework(overrides: Partial<PlatformFramework> = {}): PlatformFramework {
  const { enabled: _enabled, ...summary } = buildFrameworkSummary();
  return { ...summary, enabled_by_default: true, organizations_enabled: 3, projects_using: 5, ...overrides };
}

export function buildProjectFramework(overrides: Partial<ProjectFramework> = {}): ProjectFramework {
  return {
    framework_code: 'EU_AI_ACT',
    name: 'EU AI Act',
    version: '2024/1689',
    source: 'builtin',
    requirement_count: 221,
    control_count: 40,
    controls_by_status: { ready: 20, in_progress: 8, in_review: 2, approved: 10, out_of_scope: 0 },
    applied_at: '2026-11-21T08:00:00Z',
    ...overrides,
  };
}

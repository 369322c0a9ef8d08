import type {
  ApplicabilityChange,
  EuAiActClassification,
  EuAiActSettingFieldInfo,
  EuAiActSettings,
  EuAiActSettingsResponse,
  FrameworkQuestionnaire,
  SoaItem,
  SoaHeader,
  StatementOfApplicability,
} from '@aegis/contracts';
import { ADA } from '../../../testing/factories';

/** Test data of the scoping page: a hiring tool, as an employer deploys it, described in the EU AI Act settings. */

const option = (value: string, label: string, explanation: string, article: string, group: string | null = null) => ({ value, label, explanation, article, group });

export const FIELDS: EuAiActSettingFieldInfo[] = [
  {
    key: 'product_category',
    label: 'Product category',
    help: 'What the organization makes available or uses.',
    multiple: false,
    required: true,
    options: [
      option('ai_system', 'AI system', 'A machine-based system that infers from its inputs how to produce outputs such as predictions or decisions.', 'Art. 3(1)'),
      option('gpai_model', 'General-purpose AI model', 'A model trained on broad data that can serve many different tasks.', 'Art. 3(63)'),
    ],
  },
  {
    key: 'role',
    label: 'Role',
    help: 'The part your organization plays; several can hold at once.',
    multiple: true,
    required: true,
    options: [
      option('provider', 'Provider', 'You develop the system, or have it developed, and place it on the market under your name.', 'Art. 3(3)'),
      option('deployer', 'Deployer', 'You use the system under your authority in your professional activity.', 'Art. 3(4)'),
    ],
  },
  {
    key: 'use_case',
    label: 'Use case',
    help: 'What the system is used for.',
    multiple: true,
    required: true,
    options: [
      option('recruitment', 'Recruitment and selection', 'Placing job ads, screening or filtering applications, evaluating candidates.', 'Annex III point 4(a)', 'annex_iii'),
      option('credit_scoring', 'Creditworthiness of natural persons', 'Evaluating credit scores of people, except to detect financial fraud.', 'Annex III point 5(b)', 'annex_iii'),
      option('chatbot', 'Interacts with people', 'People talk or write to the system directly.', 'Art. 50(1)'),
    ],
  },
  {
    key: 'establishment',
    label: 'Establishment',
    help: 'Where the organization is established.',
    multiple: false,
    required: true,
    options: [option('eu', 'In the EU', 'The organization is established in a Member State.', 'Art. 2(1)'), option('non_eu', 'Outside the EU', 'Its output is used in the Union.', 'Art. 2(1)(c)')],
  },
  ...(['model_property', 'project_requirements', 'critical_issues', 'supply_terms'] as const).map((key) => ({
    key,
    label: key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()),
    help: 'Optional.',
    multiple: true,
    required: false,
    options: [option(`${key}_none`, 'None of these', 'Nothing of the kind applies.', 'Art. 2')],
  })),
];

export const NO_SETTINGS: EuAiActSettings = {
  product_category: null,
  role: null,
  use_case: null,
  establishment: null,
  model_property: null,
  project_requirements: null,
  critical_issues: null,
  supply_terms: null,
};

export const HIRING_SETTINGS: EuAiActSettings = { ...NO_SETTINGS, product_category: 'ai_system', role: ['deployer'], use_case: ['recruitment'], establishment: 'eu' };

export const NOT_ASSESSED: EuAiActClassification = {
  status: 'incomplete',
  missing: ['product_category', 'role', 'use_case', 'establishment'],
  categories: [],
  high_risk_basis: [],
  roles: [],
  label: 'Not assessed yet',
  reasons: [],
  warnings: [],
  applicable_articles: [],
  dates: [],
};

export const HIGH_RISK: EuAiActClassification = {
  status: 'complete',
  missing: [],
  categories: ['high_risk'],
  high_risk_basis: ['annex_iii'],
  roles: ['deployer'],
  label: 'High-risk',
  reasons: [
    { rule: 'annex_iii_use', text: 'Screening job applications is a high-risk use listed in Annex III.', article: 'Art. 6(2), Annex III point 4(a)' },
    { rule: 'deployer_role', text: 'The organization uses the system under its authority: deployer obligations apply.', article: 'Art. 3(4), Art. 26' },
  ],
  warnings: [],
  applicable_articles: ['Art. 4', 'Art. 26', 'Art. 27'],
  dates: [
    { date: '2025-02-02', what: 'AI literacy', basis: 'Art. 113(a)', applies_now: true },
    { date: '2027-12-02', what: 'Obligations for high-risk systems of Annex III', basis: 'Art. 113 as amended by Regulation (EU) 2026/1744', applies_now: false },
  ],
};

export const NO_CHANGE: ApplicabilityChange = { requirements_out: [], requirements_in: [], controls_out: [], controls_restored: [], controls_kept: [] };

const uuid = (n: number) => `0199a0b2-0000-7000-8000-${String(n).padStart(12, '0')}`;

/** What describing the hiring tool moves: provider-only requirements leave scope, one approved control stays. */
export const HIRING_CHANGE: ApplicabilityChange = {
  ...NO_CHANGE,
  requirements_out: [
    { id: uuid(701), framework_code: 'EU_AI_ACT', code: 'Art. 16', title: 'Obligations of providers of high-risk AI systems', reason: 'Applies to providers; the organization is a deployer' },
    { id: uuid(702), framework_code: 'EU_AI_ACT', code: 'Art. 53', title: 'Obligations for providers of general-purpose AI models', reason: 'Applies to GPAI providers' },
  ],
  controls_out: [{ control_code: 'MFF-1.DEV.03', title: 'Technical documentation', status_before: 'in_progress' }],
  controls_kept: [{ control_code: 'MFF-1.DEV.04', title: 'Quality management system', status: 'approved', why: 'Approved: reopen it to take it out of scope' }],
};

export function buildSettingsResponse(overrides: Partial<EuAiActSettingsResponse> = {}): EuAiActSettingsResponse {
  return {
    settings: NO_SETTINGS,
    fields: FIELDS,
    classification: NOT_ASSESSED,
    updated_at: null,
    updated_by: null,
    dates_source: 'Art. 113 as amended by Regulation (EU) 2026/1744',
    ...overrides,
  };
}

export const ASSESSED = buildSettingsResponse({ settings: HIRING_SETTINGS, classification: HIGH_RISK, updated_at: '2026-11-21T09:00:00Z', updated_by: ADA });

export function buildQuestionnaire(overrides: Partial<FrameworkQuestionnaire> = {}): FrameworkQuestionnaire {
  return {
    framework_code: 'ISO_IEC_42001',
    framework_name: 'ISO/IEC 42001',
    status: 'not_started',
    answered: 0,
    total: 2,
    completed_at: null,
    completed_by: null,
    answered_through: null,
    questions: [
      {
        id: 'iso_42001.develops',
        text: 'Does the organization design or develop AI systems or models?',
        help: 'Development covers designing a system, training or fine-tuning a model.',
        answer_type: 'single',
        options: [
          { value: 'in_house', label: 'Yes, with its own staff', help: null },
          { value: 'no', label: 'No', help: 'It only uses or resells AI systems that others have built.' },
        ],
        answer: null,
        answered_at: null,
        answered_by: null,
      },
      {
        id: 'iso_42001.uses',
        text: 'Does the organization use AI systems in its own work?',
        help: null,
        answer_type: 'single',
        options: [
          { value: 'yes', label: 'Yes', help: null },
          { value: 'no', label: 'No', help: null },
        ],
        answer: null,
        answered_at: null,
        answered_by: null,
      },
    ],
    ...overrides,
  };
}

export const EU_AI_ACT_QUESTIONNAIRE = buildQuestionnaire({
  framework_code: 'EU_AI_ACT',
  framework_name: 'EU AI Act',
  status: 'in_progress',
  answered: 1,
  total: 1,
  answered_through: 'eu_ai_act_settings',
  questions: [
    {
      id: 'eu_ai_act.role',
      text: 'Which roles does the organization play?',
      help: null,
      answer_type: 'multi',
      options: [
        { value: 'provider', label: 'Provider', help: null },
        { value: 'deployer', label: 'Deployer', help: null },
      ],
      answer: ['deployer'],
      answered_at: '2026-11-21T09:00:00Z',
      answered_by: ADA,
    },
  ],
});

export function buildSoaItem(overrides: Partial<SoaItem> = {}): SoaItem {
  return {
    requirement_id: uuid(801),
    code: 'A.6.1.2',
    title: 'Objectives for responsible development of AI systems',
    section: ['Annex A', 'A.6 AI system life cycle'],
    included: true,
    decided_by: 'default',
    justification: null,
    reason: 'Applies: no scoping answer limits it — ISO/IEC 42001:2023, Annex A, control A.6.1.2',
    article: 'ISO/IEC 42001:2023, Annex A, control A.6.1.2',
    applies_from: null,
    decided_at: null,
    decided_by_user: null,
    status: 'ready',
    control_codes: ['MFF-1.DEV.01'],
    ...overrides,
  };
}

export function buildSoa(items: SoaItem[], extra: Partial<Pick<StatementOfApplicability, 'header' | 'authorities_only' | 'deleted' | 'framework_code' | 'framework_name'>> = {}): StatementOfApplicability {
  const included = items.filter((item) => item.included).length;
  return {
    framework_code: 'ISO_IEC_42001',
    framework_name: 'ISO/IEC 42001',
    generated_at: '2026-11-21T10:00:00Z',
    header: null,
    counts: { included, excluded: items.length - included },
    items,
    authorities_only: [],
    deleted: [],
    ...extra,
  };
}

/** The EU AI Act statement's header: a deployer of an Annex III point 4(a) system. */
export const buildSoaHeader = (overrides: Partial<SoaHeader> = {}): SoaHeader => ({
  classification: {
    status: 'complete',
    label: 'High-risk',
    reasons: [{ rule: 'annex_iii_4a', text: 'Recruitment and selection: a use listed in Annex III, so the system is high-risk.', article: 'Art. 6(2), Annex III point 4(a)' }],
    warnings: [],
  },
  settings: [
    { field: 'product_category', label: 'Product category', answers: ['AI system'] },
    { field: 'role', label: 'Your role', answers: ['Deployer'] },
    { field: 'model_property', label: 'Model property', answers: [] },
  ],
  answered_at: '2026-11-20T08:30:00Z',
  answered_by: ADA,
  dates: [{ date: '2026-12-02', what: 'High-risk obligations for Annex III systems', basis: 'Art. 113 as amended', applies_now: false }],
  dates_source: 'Art. 113 of Regulation (EU) 2024/1689 as amended by Regulation (EU) 2026/1744',
  ...overrides,
});

import {
  organizationRightsFor,
  projectRightsFor,
  type ActivityEntry,
  type ClientConfig,
  type ControlDetail,
  type ControlListItem,
  type FrameworkSummary,
  type Comment,
  type CurrentUser,
  type OrganizationConfig,
  type OrganizationMember,
  type OrganizationRole,
  type Project,
  type ProjectFramework,
  type ProjectRole,
  type RequirementListItem,
  type TokenPair,
} from '@aegis/contracts';

const base64Url = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** An unsigned JWT whose `exp` lies `expiresInSeconds` from now (negative: already expired). */
export function buildAccessToken({ expiresInSeconds = 900, sub = 'user' }: { expiresInSeconds?: number; sub?: string } = {}): string {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ sub, exp })}.signature`;
}

export function buildTokenPair(overrides: Partial<TokenPair> = {}): TokenPair {
  return { access_token: 'header.payload.signature', refresh_token: 'refresh-secret', token_type: 'bearer', expires_in: 900, ...overrides };
}

export const DEMO_ORGANIZATION = { id: '0199a0b2-0000-7000-8000-000000000001', name: 'Demo Organization' };

export function buildCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  const organization = DEMO_ORGANIZATION;
  return {
    id: '0199a0b2-0000-7000-8000-000000000002',
    firstname: 'Alice',
    lastname: 'Admin',
    email: 'admin@demo.local',
    terms_accepted: true,
    organization,
    roles: ['admin'],
    is_super_admin: false,
    organization_roles: [{ organization_id: organization.id, role: 'admin' }],
    organization_rights: { [organization.id]: [] },
    project_rights: {},
    project_roles: [],
    ...overrides,
  };
}

export function buildOrganizationConfig(overrides: Partial<OrganizationConfig> = {}): OrganizationConfig {
  return {
    organization_id: DEMO_ORGANIZATION.id,
    vendor_management_enabled_for_entire_organization: false,
    user_management_enabled_for_entire_organization: true,
    evidence_scoring_enabled_for_entire_organization: false,
    control_assessment_enabled_for_entire_organization: false,
    content_management_enabled: false,
    separation_of_duties_enabled: true,
    ...overrides,
  };
}

export function buildClientConfig(overrides: Partial<ClientConfig> = {}): ClientConfig {
  return {
    product_name: 'Aegis',
    version: 'v1.2.6',
    environment: 'prod',
    docs_url: 'https://docs.example.com',
    status_url: 'https://status.example.com',
    sentry_dsn: null,
    ...overrides,
  };
}

/** A signed-in user of the demo organization holding exactly the rights of `roles` there. */
export function buildUserWithRoles(roles: OrganizationRole[], overrides: Partial<CurrentUser> = {}): CurrentUser {
  return buildCurrentUser({
    roles,
    organization_roles: roles.map((role) => ({ organization_id: DEMO_ORGANIZATION.id, role })),
    organization_rights: { [DEMO_ORGANIZATION.id]: organizationRightsFor(roles) },
    ...overrides,
  });
}

/** An active member; pass `state: 'pending'` with `activation_status: null` (or use buildInvitee) for an invitee. */
export function buildOrganizationMember(overrides: Partial<OrganizationMember> = {}): OrganizationMember {
  return {
    user_id: '0199a0b2-0000-7000-8000-000000000010',
    firstname: 'Bob',
    lastname: 'Member',
    email: 'bob@demo.local',
    roles: ['member'],
    is_super_admin: false,
    activation_status: 'active',
    state: 'active',
    last_access_at: '2026-11-20T09:30:00Z',
    invitation: null,
    ...overrides,
  };
}

/** Someone holding only a pending invitation (no name yet, never signed in). */
export function buildInvitee(overrides: Partial<OrganizationMember> = {}): OrganizationMember {
  return buildOrganizationMember({
    user_id: '0199a0b2-0000-7000-8000-000000000020',
    firstname: '',
    lastname: '',
    email: 'new.person@example.test',
    activation_status: null,
    state: 'pending',
    last_access_at: null,
    invitation: {
      invitation_id: '0199a0b2-0000-7000-8000-000000000021',
      status: 'pending',
      expires_at: '2026-12-01T10:00:00Z',
      created_at: '2026-11-24T10:00:00Z',
    },
    ...overrides,
  });
}

/** A project of the demo organization; the caller holds `roles` on it and exactly their rights. */
export function buildProject({ roles = ['owner'], ...overrides }: Partial<Project> & { roles?: ProjectRole[] } = {}): Project {
  return {
    id: '0199a0b2-0000-7000-8000-0000000000c1',
    organization_id: DEMO_ORGANIZATION.id,
    name: 'Credit scoring',
    project_type: 'ai_application',
    description: '',
    frameworks: [],
    roles,
    rights: projectRightsFor(roles),
    members: 1,
    created_at: '2026-11-20T09:30:00Z',
    updated_at: '2026-11-20T09:30:00Z',
    ...overrides,
  };
}

export const ADA = { id: '0199a0b2-0000-7000-8000-0000000000a1', name: 'Ada Lovelace', email: 'ada@demo.local' };

export function buildActivityEntry(overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    log_id: '0199a0b2-0000-7000-8000-0000000000f1',
    object_type: 'project',
    object_id: '0199a0b2-0000-7000-8000-0000000000c1',
    action: 'created',
    actor: ADA,
    before: null,
    after: null,
    created_at: '2026-11-20T09:30:00Z',
    ...overrides,
  };
}

export function buildComment(overrides: Partial<Comment> = {}): Comment {
  return {
    comment_id: '0199a0b2-0000-7000-8000-0000000000e1',
    object_type: 'project',
    object_id: '0199a0b2-0000-7000-8000-0000000000c1',
    body: 'Looks good to me.',
    author: ADA,
    created_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

/** A framework as the templates list returns it. */
export function buildFrameworkSummary(overrides: Partial<FrameworkSummary> = {}): FrameworkSummary {
  return {
    framework_code: 'EU_AI_ACT',
    name: 'EU AI Act',
    version: '2024/1689',
    publisher: 'European Union',
    description: 'Regulation (EU) 2024/1689 on artificial intelligence.',
    source: 'builtin',
    project_types: ['ai_application', 'organization'],
    enabled: true,
    requirement_count: 221,
    control_count: 96,
    created_at: '2026-11-20T09:30:00Z',
    ...overrides,
  };
}

/** The three AI frameworks the product ships, as the templates list returns them (by name). */
export const BUILT_IN_FRAMEWORKS: FrameworkSummary[] = [
  buildFrameworkSummary(),
  buildFrameworkSummary({ framework_code: 'ISO_IEC_42001', name: 'ISO/IEC 42001', version: '2023', publisher: 'ISO/IEC', description: 'AI management system.' }),
  buildFrameworkSummary({ framework_code: 'NIST_AI_RMF', name: 'NIST AI RMF', version: '1.0', publisher: 'NIST', description: 'AI Risk Management Framework 1.0.' }),
];

/** A project's control as the controls list returns it: MFF-1.RSK.01, ready, serving the three AI frameworks. */
export function buildControlListItem(overrides: Partial<ControlListItem> = {}): ControlListItem {
  return {
    id: '0199a0b2-0000-7000-8000-0000000000d1',
    control_code: 'MFF-1.RSK.01',
    title: 'Risk management methodology and criteria',
    domain: 'RSK',
    status: 'ready',
    needs_attention: false,
    needs_attention_reason: null,
    out_of_scope_justification: null,
    due_date: null,
    assignees: [],
    reviewers: [],
    tags: [],
    frameworks: ['EU_AI_ACT', 'ISO_IEC_42001', 'NIST_AI_RMF'],
    requirement_count: 3,
    review_status: null,
    approval_forced: false,
    test_failing: false,
    updated_at: '2026-11-20T09:30:00Z',
    ...overrides,
  };
}

/** A control's page: what it asks, one requirement satisfied in each of two frameworks, no history yet. */
export function buildControlDetail(overrides: Partial<ControlDetail> = {}): ControlDetail {
  return {
    ...buildControlListItem(),
    objective: 'Assess AI risks consistently, against agreed criteria.',
    guidance: 'Document the AI risk method and publish it.',
    evidence_examples: ['Risk methodology', 'Risk criteria and tolerance statement'],
    lifecycle_phase: ['cross_cutting'],
    defined_by: 'MFF-1',
    notes: '',
    out_of_scope_justification: null,
    locked: false,
    allowed_transitions: ['in_progress', 'out_of_scope'],
    satisfies: [
      {
        framework_code: 'EU_AI_ACT',
        framework_name: 'EU AI Act',
        requirement_id: '0199a0b2-0000-7000-8000-0000000000e9',
        requirement_code: 'Art. 9(1)',
        requirement_title: 'Establish a risk management system for each high-risk AI system.',
        relationship: 'intersect',
        source: 'derived',
        rationale: 'Overlaps: the system is established and documented per high-risk system.',
        applicable: true,
      },
      {
        framework_code: 'NIST_AI_RMF',
        framework_name: 'NIST AI RMF',
        requirement_id: '0199a0b2-0000-7000-8000-0000000000ea',
        requirement_code: 'GOVERN 1.3',
        requirement_title: 'Processes determine the needed level of risk management activities.',
        relationship: 'subset',
        source: 'MS-NIST-42001',
        rationale: null,
        applicable: true,
      },
    ],
    status_history: [],
    latest_assessment: null,
    ...overrides,
  };
}

/** A requirement of the EU AI Act as the requirements list returns it: ready, two controls. */
export function buildRequirement(overrides: Partial<RequirementListItem> = {}): RequirementListItem {
  return {
    id: '0199a0b2-0000-7000-8000-0000000000e9',
    framework_code: 'EU_AI_ACT',
    framework_name: 'EU AI Act',
    code: 'Art. 9(1)',
    title: 'Establish a risk management system for each high-risk AI system.',
    summary: null,
    reference: 'Regulation (EU) 2024/1689, Art. 9(1)',
    section: ['Requirements for high-risk AI systems', 'Risk management system'],
    status: 'ready',
    coverage: 'full',
    coverage_note: null,
    applicable: true,
    applicability_reason: null,
    controls_by_status: { ready: 2, in_progress: 0, in_review: 0, approved: 0, out_of_scope: 0 },
    control_count: 2,
    ...overrides,
  };
}

/** A framework applied to a project, with its controls by status. */
export function buildProjectFramework(overrides: Partial<ProjectFramework> = {}): ProjectFramework {
  return {
    framework_code: 'EU_AI_ACT',
    name: 'EU AI Act',
    version: '2024/1689',
    source: 'builtin',
    requirement_count: 221,
    control_count: 92,
    controls_by_status: { ready: 80, in_progress: 6, in_review: 2, approved: 3, out_of_scope: 1 },
    applied_at: '2026-11-20T09:30:00Z',
    ...overrides,
  };
}

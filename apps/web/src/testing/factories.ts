import {
  organizationRightsFor,
  projectRightsFor,
  type ActivityEntry,
  type ClientConfig,
  type Comment,
  type CurrentUser,
  type OrganizationConfig,
  type OrganizationMember,
  type OrganizationRole,
  type Project,
  type ProjectRole,
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

import type { CurrentUser, TokenPair } from '@aegis/contracts';

export function buildTokenPair(overrides: Partial<TokenPair> = {}): TokenPair {
  return { access_token: 'header.payload.signature', refresh_token: 'refresh-secret', token_type: 'bearer', expires_in: 900, ...overrides };
}

export function buildCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  const organization = { id: '0199a0b2-0000-7000-8000-000000000001', name: 'Demo Organization' };
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

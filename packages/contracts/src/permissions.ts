/**
 * The role table of shared/PERMISSIONS.md as data. Both the API (enforcement) and the web app
 * (hiding what a user may not do) read it; nothing else decides who may do what.
 */

export const ORGANIZATION_ROLES = ['admin', 'member', 'internal'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

export const PROJECT_ROLES = ['owner', 'editor', 'reviewer', 'auditor'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

export const ORGANIZATION_PERMISSIONS = [
  'organizations:update',
  'users:read', 'users:update', 'users:status_update', 'users:invite',
  'user_roles:assign', 'user_roles:delete', 'user_roles:update',
  'projects:full_access', 'projects:read',
  'config:read', 'config:update', 'config:patch',
  'frameworks:read',
  'quota:read',
  'vendors:read', 'vendors:create', 'vendors:update', 'vendors:delete',
  'vendor_documents:upload', 'vendor_documents:read', 'vendor_documents:delete',
  'vendor_documents:read_file_url', 'vendor_documents:download',
  'templates:upload', 'templates:read', 'templates:delete',
  'files:read',
  'tags:read',
  'internal_metrics:read',
] as const;
export type OrganizationPermission = (typeof ORGANIZATION_PERMISSIONS)[number];

export const PROJECT_PERMISSIONS = [
  'projects:read', 'projects:update', 'projects:delete',
  'user_roles:assign', 'user_roles:delete',
  'dashboard:read',
  'comments:read', 'comments:create',
  'logs:read',
  'ai_system_life_cycle_dashboard:read',
  'frameworks:create', 'frameworks:read',
  'requirements:read',
  'eu_ai_act_settings:read', 'eu_ai_act_settings:update',
  'risks:read', 'risks:create', 'risks:update', 'risks:assignee_update',
  'risk_treatment:read', 'risk_treatment:create', 'risk_treatment:update',
  'treatment_strategy:read', 'treatment_strategy:create', 'treatment_strategy:update', 'treatment_strategy:delete',
  'risks_controls:read', 'risks_controls:delete',
  'controls_risks:add',
  'controls:read', 'controls:update', 'controls:assignee_update',
  'control_assessments:read', 'control_assessments:create', 'control_assessments:agent_run',
  'evidences:read', 'evidences:update', 'evidences:delete', 'evidences:download', 'evidences:upload',
  'evidences:suggestions_agent_run',
  'users:read',
  'reviews:read', 'reviews:request', 'reviews:update', 'reviews:set_decision', 'reviews:cancel_pending',
  'reviews:force_update_status',
  'asset_cards:create', 'asset_cards:read', 'asset_cards:update', 'asset_cards:download', 'asset_cards:assignee_update',
  'testing_logs:create',
  'testing_sources:read',
  'testing_metrics:read', 'testing_metrics:create',
  'testing_test:read', 'testing_test:create', 'testing_test:update', 'testing_test:delete',
  'testing_results:read', 'testing_results:run',
  'testing_controls:read', 'testing_controls:delete', 'testing_controls:create',
  'questionnaire:read', 'questionnaire:update',
  'questions:read', 'questions:answer',
] as const;
export type ProjectPermission = (typeof PROJECT_PERMISSIONS)[number];

const MEMBER_RIGHTS: readonly OrganizationPermission[] = [
  'users:read', 'projects:read', 'frameworks:read', 'quota:read', 'tags:read', 'templates:read', 'files:read',
  'vendors:read', 'vendor_documents:read', 'vendor_documents:download', 'vendor_documents:read_file_url',
];

const ADMIN_RIGHTS = ORGANIZATION_PERMISSIONS.filter((p) => p !== 'internal_metrics:read');

export const ORGANIZATION_ROLE_RIGHTS: Record<OrganizationRole, readonly OrganizationPermission[]> = {
  admin: ADMIN_RIGHTS,
  member: MEMBER_RIGHTS,
  internal: ORGANIZATION_PERMISSIONS,
};

/** R: the read permissions every project role holds. */
export const PROJECT_READ_RIGHTS: readonly ProjectPermission[] = [
  'projects:read', 'dashboard:read', 'comments:read', 'logs:read', 'ai_system_life_cycle_dashboard:read',
  'frameworks:read', 'requirements:read', 'eu_ai_act_settings:read', 'risks:read', 'risk_treatment:read',
  'treatment_strategy:read', 'risks_controls:read', 'controls:read', 'control_assessments:read', 'evidences:read',
  'evidences:download', 'users:read', 'reviews:read', 'asset_cards:read', 'asset_cards:download',
  'testing_sources:read', 'testing_metrics:read', 'testing_test:read', 'testing_results:read',
  'testing_controls:read', 'questionnaire:read', 'questions:read',
];

const byPrefix = (...prefixes: string[]) =>
  PROJECT_PERMISSIONS.filter((p) => prefixes.some((prefix) => p.startsWith(prefix)));

const EDITOR_EXTRA: readonly ProjectPermission[] = [
  'comments:create', 'frameworks:create', 'eu_ai_act_settings:update',
  ...byPrefix('risks:', 'risk_treatment:', 'treatment_strategy:', 'risks_controls:', 'controls_risks:'),
  'controls:update', 'controls:assignee_update',
  'control_assessments:create', 'control_assessments:agent_run',
  ...byPrefix('evidences:', 'asset_cards:', 'testing_'),
  'reviews:request', 'reviews:update', 'reviews:cancel_pending',
  'questionnaire:update', 'questions:answer',
];

const unique = <T>(items: readonly T[]): readonly T[] => [...new Set(items)];

export const PROJECT_ROLE_RIGHTS: Record<ProjectRole, readonly ProjectPermission[]> = {
  owner: PROJECT_PERMISSIONS,
  editor: unique([...PROJECT_READ_RIGHTS, ...EDITOR_EXTRA]),
  // reviews:set_decision is further limited to reviews naming the reviewer; the reviews feature checks that.
  reviewer: unique([...PROJECT_READ_RIGHTS, 'comments:create', 'reviews:set_decision']),
  auditor: unique([
    ...PROJECT_READ_RIGHTS, 'comments:create', 'controls:update', 'control_assessments:create',
    'control_assessments:agent_run', 'reviews:request', 'reviews:set_decision', 'reviews:force_update_status',
  ]),
};

/** Rights held in an organization through its roles, in table order. */
export function organizationRightsFor(roles: readonly OrganizationRole[], isSuperAdmin = false): OrganizationPermission[] {
  if (isSuperAdmin) return [...ORGANIZATION_PERMISSIONS];
  const held = new Set(roles.flatMap((role) => ORGANIZATION_ROLE_RIGHTS[role]));
  return ORGANIZATION_PERMISSIONS.filter((p) => held.has(p));
}

/** Rights held on one project through the roles held there; full access or super admin hold them all. */
export function projectRightsFor(
  roles: readonly ProjectRole[],
  { fullAccess = false, isSuperAdmin = false }: { fullAccess?: boolean; isSuperAdmin?: boolean } = {},
): ProjectPermission[] {
  if (isSuperAdmin || fullAccess) return [...PROJECT_PERMISSIONS];
  const held = new Set(roles.flatMap((role) => PROJECT_ROLE_RIGHTS[role]));
  return PROJECT_PERMISSIONS.filter((p) => held.has(p));
}

/** "Internal admin": the internal role in the current organization, or super admin. */
export function isInternalAdmin(roles: readonly OrganizationRole[], isSuperAdmin: boolean): boolean {
  return isSuperAdmin || roles.includes('internal');
}

import type { ProjectPermission } from '@aegis/contracts';

/** What the signed-in user may do on a project's settings screen, from their rights on it; the API enforces the same. */
export type SettingsAbilities = {
  /** projects:update: the General section. */
  update: boolean;
  /** projects:delete: the Danger zone. */
  delete: boolean;
  /** users:read: the Members section. */
  viewMembers: boolean;
  /** user_roles:assign: add members and change their roles. */
  assignRoles: boolean;
  /** user_roles:delete: take members off the project. */
  removeMembers: boolean;
  /** projects:read: the PDF export. */
  export: boolean;
};

/** Spec section 2: the Settings tab (and screen) is for holders of projects:update, projects:delete or user_roles:assign. */
export const SETTINGS_RIGHTS: readonly ProjectPermission[] = ['projects:update', 'projects:delete', 'user_roles:assign'];

export function canOpenSettings(rights: readonly ProjectPermission[]): boolean {
  return SETTINGS_RIGHTS.some((right) => rights.includes(right));
}

export function settingsAbilities(rights: readonly ProjectPermission[]): SettingsAbilities {
  const has = (right: ProjectPermission) => rights.includes(right);
  return {
    update: has('projects:update'),
    delete: has('projects:delete'),
    viewMembers: has('users:read'),
    assignRoles: has('user_roles:assign'),
    removeMembers: has('user_roles:delete'),
    export: has('projects:read'),
  };
}

import type { OrganizationPermission, ProjectPermission } from '@aegis/contracts';

/**
 * What a route needs, declared next to the route in `config.access`. Every /api route declares one;
 * the auth plugin refuses to register a route without it.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'organization'; right: OrganizationPermission; platform?: boolean }
  /** Platform operators (internal_metrics:read): the admin area, across every organization. */
  | { kind: 'platform' }
  | { kind: 'project'; right: ProjectPermission; param: string };

export const access = {
  /** No token needed. */
  public: { kind: 'public' } as Access,
  /** Any signed-in user, whatever their rights. */
  user: { kind: 'user' } as Access,
  /**
   * `platform: true` also lets platform operators act on organizations other than their current one. Only for
   * the admin area's actions on an organization as a whole (rename, plan quota, delete, platform frameworks):
   * the internal role holds its rights only where it is held, so never on an organization's own content.
   * test/security/internal-rights.test.ts lists every such route.
   */
  organization: (right: OrganizationPermission, options: { platform?: boolean } = {}): Access => ({ kind: 'organization', right, ...options }),
  platform: { kind: 'platform' } as Access,
  /** A right on the project named by the path parameter `param`. */
  project: (right: ProjectPermission, param = 'project_id'): Access => ({ kind: 'project', right, param }),
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

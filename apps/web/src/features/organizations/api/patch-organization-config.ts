import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizationConfig, PatchOrganizationConfig } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { organizationConfigQueryOptions } from './get-organization-config';

/** Changes the flags it names, leaving the others (`config:patch`). */
export function patchOrganizationConfig(organizationId: string, flags: PatchOrganizationConfig): Promise<OrganizationConfig> {
  requireParams('patchOrganizationConfig', { organization_id: organizationId, body: flags });
  return apiFetch<OrganizationConfig>(`/api/v1/config/organizations/${encodeURIComponent(organizationId)}`, { method: 'PATCH', json: flags });
}

/**
 * Optimistic: the switch moves at once, and only the flags of a failed call move back (another toggle
 * may be on its way meanwhile). The cache is the one the session guard and the layout read, so the
 * drawer's Vendors entry and the organization tabs follow once the server confirms.
 */
export function usePatchOrganizationConfig(organizationId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = organizationConfigQueryOptions(organizationId);
  return useMutation({
    mutationKey: ['patch-organization-config', organizationId],
    mutationFn: (flags: PatchOrganizationConfig) => patchOrganizationConfig(organizationId, flags),
    onMutate: async (flags) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      if (previous) queryClient.setQueryData(queryKey, { ...previous, ...flags });
      return { previous };
    },
    onError: (_error, flags, context) => {
      const previous = context?.previous;
      if (!previous) return;
      const restored = Object.fromEntries(Object.keys(flags).map((flag) => [flag, previous[flag as keyof PatchOrganizationConfig]]));
      queryClient.setQueryData(queryKey, (current) => (current ? { ...current, ...restored } : previous));
    },
    onSettled: async () => {
      // Refetch once the last toggle in flight has settled; earlier answers would undo later toggles.
      if (queryClient.isMutating({ mutationKey: ['patch-organization-config', organizationId] }) > 1) return;
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}

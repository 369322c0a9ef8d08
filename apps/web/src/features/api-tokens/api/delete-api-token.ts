import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, requireParams } from '../../../lib/api-client';

export function deleteApiToken(tokenId: string): Promise<void> {
  requireParams('deleteApiToken', { token_id: tokenId });
  return apiFetch<void>('/api/auth/api', { method: 'DELETE', query: { token_id: tokenId } });
}

export function useDeleteApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['api-tokens'] }),
  });
}

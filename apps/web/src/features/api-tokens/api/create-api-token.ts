import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createToken, type CreatedApiToken, type CreateToken } from '@aegis/contracts';
import { apiFetch } from '../../../lib/api-client';

/** The form reuses the request schema; the secret comes back once, in this response only. */
export const createTokenSchema = createToken;

export function createApiToken(input: CreateToken): Promise<CreatedApiToken> {
  return apiFetch<CreatedApiToken>('/api/auth/api', { method: 'POST', json: input });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['api-tokens'] }),
  });
}

import type { TokenPair } from '@aegis/contracts';
import { useMutation } from '@tanstack/react-query';
import { postForm } from '../../../lib/api-client';

export type RegisterInput = { code: string; state: string | null; token?: string | null };

/**
 * Accepts an invitation with the provider's authorization code (201 token pair). The invitation token
 * is optional: the server remembers it from the sign-up start in this browser.
 */
export function register({ code, state, token }: RegisterInput): Promise<TokenPair> {
  const form = new URLSearchParams({ grant_type: 'authorization_code', code });
  if (state) form.set('state', state);
  if (token) form.set('token', token);
  return postForm<TokenPair>('/api/auth/register', form, { auth: false, notify: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

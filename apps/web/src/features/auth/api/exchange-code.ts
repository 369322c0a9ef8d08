import type { TokenPair } from '@aegis/contracts';
import { useMutation } from '@tanstack/react-query';
import { postForm } from '../../../lib/api-client';

export type ExchangeCodeInput = { code: string; state: string | null };

/** Trades the provider's one-time authorization code for our token pair (201). */
export function exchangeCode({ code, state }: ExchangeCodeInput): Promise<TokenPair> {
  const form = new URLSearchParams({ grant_type: 'authorization_code', code });
  if (state) form.set('state', state);
  // The screen shows the failure itself, so no notification as well.
  return postForm<TokenPair>('/api/auth/token', form, { auth: false, notify: false });
}

export function useExchangeCode() {
  return useMutation({ mutationFn: exchangeCode });
}

import type { TokenPair } from '@aegis/contracts';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageProgress } from '../../../components/page-progress';
import { errorDetail } from '../../../lib/errors';
import { storeTokens } from '../../../lib/session';
import { forgetSignInContext, takeReturnPath } from '../../../lib/sign-in-context';
import { SignInProblem } from './sign-in-problem';

export type CodeRedirect = { code: string; state: string | null; token: string | null };

type CodeExchangeProps = {
  /** The mutation that trades the code for tokens (sign-in or sign-up). */
  exchange: {
    mutate: (input: CodeRedirect, callbacks: { onSuccess: (tokens: TokenPair) => void; onError: (error: Error) => void }) => void;
    error: Error | null;
  };
  /** A screen that explains a known failure better than the generic message, or null. */
  routeForError: (error: unknown) => string | null;
};

/** Where the identity provider sends the browser back: trades the code once, then opens the app. */
export function CodeExchange({ exchange, routeForError }: CodeExchangeProps) {
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const token = params.get('token');
  const providerError = params.get('error_description') ?? params.get('error');
  const navigate = useNavigate();
  const { mutate, error } = exchange;
  // The code can be redeemed once; StrictMode runs effects twice, and the ref survives that.
  const started = useRef(false);

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    mutate(
      { code, state, token },
      {
        onSuccess: (tokens) => {
          storeTokens(tokens);
          // Back to the page the visitor was sent to sign in from (a link, an ended session), else home.
          const target = takeReturnPath() ?? '/';
          forgetSignInContext();
          void navigate(target, { replace: true });
        },
        onError: (failure) => {
          const route = routeForError(failure);
          if (route) void navigate(route, { replace: true });
        },
      },
    );
  }, [code, state, token, mutate, navigate, routeForError]);

  if (!code) return <SignInProblem detail={providerError ?? 'The identity provider sent no authorization code.'} />;
  if (error && !routeForError(error)) return <SignInProblem detail={errorDetail(error)} />;
  return <PageProgress label="Signing you in…" />;
}

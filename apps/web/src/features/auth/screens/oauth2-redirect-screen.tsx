import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageProgress } from '../../../components/page-progress';
import { ApiError, errorDetail } from '../../../lib/errors';
import { storeTokens } from '../../../lib/session';
import { useExchangeCode } from '../api/exchange-code';
import { SignInProblem } from '../components/sign-in-problem';

const isWrongEmail = (error: unknown) => error instanceof ApiError && error.code === 'wrong_email';

/** Where the identity provider sends the browser back: exchanges the code, then opens the app. */
export function OAuth2RedirectScreen() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const providerError = params.get('error_description') ?? params.get('error');
  const navigate = useNavigate();
  const { mutate, error } = useExchangeCode();
  // The code can be redeemed once; StrictMode runs effects twice, and the ref survives that.
  const started = useRef(false);

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    mutate(
      { code, state },
      {
        onSuccess: (tokens) => {
          storeTokens(tokens);
          void navigate('/', { replace: true });
        },
        onError: (failure) => {
          if (isWrongEmail(failure)) void navigate('/wrong-email', { replace: true });
        },
      },
    );
  }, [code, state, mutate, navigate]);

  if (!code) return <SignInProblem detail={providerError ?? 'The identity provider sent no authorization code.'} />;
  if (error && !isWrongEmail(error)) return <SignInProblem detail={errorDetail(error)} />;
  return <PageProgress label="Signing you in…" />;
}

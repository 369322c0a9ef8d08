import { ApiError } from '../../../lib/errors';
import { useExchangeCode } from '../api/exchange-code';
import { CodeExchange } from '../components/code-exchange';

const routeForError = (error: unknown) => (error instanceof ApiError && error.code === 'wrong_email' ? '/wrong-email' : null);

/** The end of signing in: POST /api/auth/token with the provider's code. */
export function OAuth2RedirectScreen() {
  return <CodeExchange exchange={useExchangeCode()} routeForError={routeForError} />;
}

export default OAuth2RedirectScreen;

import { ApiError } from '../../../lib/errors';
import { useRegister } from '../api/register';
import { CodeExchange } from '../components/code-exchange';

function routeForError(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'wrong_email') return '/wrong-email';
  // invitation_expired, invitation_accepted, invitation_cancelled, invitation_not_found: the link is spent.
  if (error.code.startsWith('invitation_')) return '/token-expired';
  return null;
}

/** The end of signing up from an invitation: POST /api/auth/register with the provider's code. */
export function OAuth2SignupRedirectScreen() {
  return <CodeExchange exchange={useRegister()} routeForError={routeForError} />;
}

export default OAuth2SignupRedirectScreen;

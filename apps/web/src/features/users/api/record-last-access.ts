import { apiFetch } from '../../../lib/api-client';

/** Tells the server the user is active now (204). A background call: a failure bothers no one. */
export function recordLastAccess(): Promise<void> {
  return apiFetch<void>('/api/users/me/last_access', { method: 'PATCH', notify: false });
}

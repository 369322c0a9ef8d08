import { Navigate, Outlet } from 'react-router';
import { getAccessToken } from '../lib/session';

/** Route guard: the screens below it need a signed-in user. */
export function RequireSession() {
  if (!getAccessToken()) return <Navigate to="/login" replace />;
  return <Outlet />;
}

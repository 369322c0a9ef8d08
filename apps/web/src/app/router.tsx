import type { RouteObject } from 'react-router';
import { LoginScreen } from '../features/auth/screens/login-screen';
import { OAuth2RedirectScreen } from '../features/auth/screens/oauth2-redirect-screen';
import { WrongEmailScreen } from '../features/auth/screens/wrong-email-screen';
import { RequireSession } from './require-session';
import { DashboardScreen } from './routes/dashboard-screen';
import { NotFoundScreen } from './routes/not-found-screen';
import { RouteErrorScreen } from './routes/route-error-screen';

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    children: [
      { path: '/login', element: <LoginScreen /> },
      { path: '/oauth2-redirect', element: <OAuth2RedirectScreen /> },
      { path: '/wrong-email', element: <WrongEmailScreen /> },
      {
        element: <RequireSession />,
        children: [
          { path: '/', element: <DashboardScreen /> },
          { path: '/dashboard', element: <DashboardScreen /> },
        ],
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

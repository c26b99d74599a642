// Every route of SPEC section 2's route table. Access rules live in route-access.ts and are
// applied once, by the root layout; paths the table does not list fall through to '*'.
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { RouteObject } from 'react-router';
import { setSignedOutHandler } from '../lib/session.ts';
import { ConflictsPage } from './routes/conflicts.tsx';
import { ContactPage } from './routes/contact.tsx';
import { DashboardPage } from './routes/dashboard.tsx';
import { ForgotPasswordPage } from './routes/forgot-password.tsx';
import { HelpPage } from './routes/help.tsx';
import { InvitationResponsePage } from './routes/invitation-response.tsx';
import { LockPage } from './routes/lock.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { PasswordResetPage } from './routes/password-reset.tsx';
import { ProfilePage } from './routes/profile.tsx';
import { RegistrationPage } from './routes/registration.tsx';
import { RelationAddPage } from './routes/relation-add.tsx';
import { RelationViewPage } from './routes/relation-view.tsx';
import { RelationsListPage } from './routes/relations-list.tsx';
import { ResetPasswordPage } from './routes/reset-password.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { ServerErrorPage } from './routes/server-error.tsx';
import { SignInPage } from './routes/sign-in.tsx';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ServerErrorPage />,
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'sign-in', element: <SignInPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'registration', element: <RegistrationPage /> },
      { path: 'registration/:token', element: <RegistrationPage /> },
      { path: 'reset-password/:token', element: <ResetPasswordPage /> },
      { path: 'lock', element: <LockPage /> },
      { path: '404', element: <NotFoundPage /> },
      { path: '500', element: <ServerErrorPage /> },
      { path: 'user/profile', element: <ProfilePage /> },
      { path: 'user/password-reset', element: <PasswordResetPage /> },
      { path: 'relations', element: <RelationsListPage /> },
      { path: 'relations/pending', element: <RelationsListPage isPendingOnly /> },
      { path: 'relations/add', element: <RelationAddPage /> },
      { path: 'relations/conflicts', element: <ConflictsPage /> },
      { path: 'relations/conflicts/:conferencename/:confid', element: <ConflictsPage /> },
      { path: 'relations/validate/new/:token', element: <InvitationResponsePage /> },
      { path: 'relations/:action/:id', element: <RelationViewPage /> },
      { path: 'pending-relations/:action/:id', element: <RelationViewPage /> },
      { path: 'help/*', element: <HelpPage /> },
      { path: 'contact', element: <ContactPage /> },
      // The root layout redirects unknown paths to sign-in before this renders.
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(routes);
  // A 401 from any token call ends the session and returns to '/' (SPEC section 4).
  setSignedOutHandler(() => void router.navigate('/'));
  return router;
}

export function AppRouterProvider({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />;
}

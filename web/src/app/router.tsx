// Every route of SPEC section 2's route table. Access rules live in route-access.ts and are
// applied once, by the root layout; paths the table does not list fall through to '*'.
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoadingOverlay } from '../components/route-change-loader.tsx';
import { setSignedOutHandler } from '../lib/session.ts';
import { RootLayout } from './routes/root-layout.tsx';
import { ServerErrorPage } from './routes/server-error.tsx';

// Each page's code (and the styles of what it alone uses) is its own chunk, fetched when the
// route is first visited: the sign-in page does not load the relation form or the graph.
// The root layout and the error page are in the entry chunk. See docs/architecture.md,
// "Build and start".
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ServerErrorPage />,
    // While the first page's code loads, the route loader (which then stays for its second).
    hydrateFallbackElement: <PageLoadingOverlay />,
    children: [
      { index: true, lazy: () => page(import('./routes/dashboard.tsx'), 'DashboardPage') },
      { path: 'sign-in', lazy: () => page(import('./routes/sign-in.tsx'), 'SignInPage') },
      {
        path: 'forgot-password',
        lazy: () => page(import('./routes/forgot-password.tsx'), 'ForgotPasswordPage'),
      },
      {
        path: 'registration',
        lazy: () => page(import('./routes/registration.tsx'), 'RegistrationPage'),
      },
      {
        path: 'registration/:token',
        lazy: () => page(import('./routes/registration.tsx'), 'RegistrationPage'),
      },
      {
        path: 'reset-password/:token',
        lazy: () => page(import('./routes/reset-password.tsx'), 'ResetPasswordPage'),
      },
      { path: 'lock', lazy: () => page(import('./routes/lock.tsx'), 'LockPage') },
      { path: '404', lazy: () => page(import('./routes/not-found.tsx'), 'NotFoundPage') },
      { path: '500', element: <ServerErrorPage /> },
      { path: 'user/profile', lazy: () => page(import('./routes/profile.tsx'), 'ProfilePage') },
      {
        path: 'user/password-reset',
        lazy: () => page(import('./routes/password-reset.tsx'), 'PasswordResetPage'),
      },
      {
        path: 'relations',
        lazy: () => page(import('./routes/relations-list.tsx'), 'RelationsListPage'),
      },
      {
        path: 'relations/pending',
        lazy: async () => {
          const { RelationsListPage } = await import('./routes/relations-list.tsx');
          return { element: <RelationsListPage isPendingOnly /> };
        },
      },
      {
        path: 'relations/add',
        lazy: () => page(import('./routes/relation-add.tsx'), 'RelationAddPage'),
      },
      {
        path: 'relations/conflicts',
        lazy: () => page(import('./routes/conflicts.tsx'), 'ConflictsPage'),
      },
      {
        path: 'relations/conflicts/:conferencename/:confid',
        lazy: () => page(import('./routes/conflicts.tsx'), 'ConflictsPage'),
      },
      {
        path: 'relations/validate/new/:token',
        lazy: () => page(import('./routes/invitation-response.tsx'), 'InvitationResponsePage'),
      },
      {
        path: 'relations/:action/:id',
        lazy: () => page(import('./routes/relation-view.tsx'), 'RelationViewPage'),
      },
      {
        path: 'pending-relations/:action/:id',
        lazy: () => page(import('./routes/relation-view.tsx'), 'RelationViewPage'),
      },
      { path: 'help/*', lazy: () => page(import('./routes/help.tsx'), 'HelpPage') },
      { path: 'contact', lazy: () => page(import('./routes/contact.tsx'), 'ContactPage') },
      // The root layout redirects unknown paths to sign-in before this renders.
      { path: '*', lazy: () => page(import('./routes/not-found.tsx'), 'NotFoundPage') },
    ],
  },
];

/** A lazily loaded route's component: the named export of its module. */
async function page<Name extends string>(
  module: Promise<Record<Name, ComponentType>>,
  name: Name,
): Promise<{ Component: ComponentType }> {
  return { Component: (await module)[name] };
}

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

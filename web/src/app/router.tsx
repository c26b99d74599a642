// Every route of the route table in docs/product.md, "Screens and routes". Access rules live
// in route-access.ts and are applied once, by the root layout; paths the table does not list
// fall through to '*'.
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
// "Build and start". One loader per page module, so two paths to one page share its chunk and its import.
const load = {
  dashboard: () => page(import('./routes/dashboard.tsx'), 'DashboardPage'),
  signIn: () => page(import('./routes/sign-in.tsx'), 'SignInPage'),
  forgotPassword: () => page(import('./routes/forgot-password.tsx'), 'ForgotPasswordPage'),
  registration: () => page(import('./routes/registration.tsx'), 'RegistrationPage'),
  resetPassword: () => page(import('./routes/reset-password.tsx'), 'ResetPasswordPage'),
  lock: () => page(import('./routes/lock.tsx'), 'LockPage'),
  notFound: () => page(import('./routes/not-found.tsx'), 'NotFoundPage'),
  profile: () => page(import('./routes/profile.tsx'), 'ProfilePage'),
  passwordReset: () => page(import('./routes/password-reset.tsx'), 'PasswordResetPage'),
  relationsList: () => page(import('./routes/relations-list.tsx'), 'RelationsListPage'),
  relationAdd: () => page(import('./routes/relation-add.tsx'), 'RelationAddPage'),
  conflicts: () => page(import('./routes/conflicts.tsx'), 'ConflictsPage'),
  invitationResponse: () =>
    page(import('./routes/invitation-response.tsx'), 'InvitationResponsePage'),
  relationView: () => page(import('./routes/relation-view.tsx'), 'RelationViewPage'),
  help: () => page(import('./routes/help.tsx'), 'HelpPage'),
  contact: () => page(import('./routes/contact.tsx'), 'ContactPage'),
  admin: () => page(import('./routes/admin.tsx'), 'AdminPage'),
  adminInstitutions: () => page(import('./routes/admin-institutions.tsx'), 'AdminInstitutionsPage'),
  adminRequests: () => page(import('./routes/admin-requests.tsx'), 'AdminRequestsPage'),
  adminRelations: () => page(import('./routes/admin-relations.tsx'), 'AdminRelationsPage'),
  adminRelationLog: () => page(import('./routes/admin-relation-log.tsx'), 'AdminRelationLogPage'),
  adminUsers: () => page(import('./routes/admin-users.tsx'), 'AdminUsersPage'),
  adminUser: () => page(import('./routes/admin-user.tsx'), 'AdminUserPage'),
  adminDblp: () => page(import('./routes/admin-dblp.tsx'), 'AdminDblpPage'),
  conferences: () => page(import('./routes/conferences.tsx'), 'ConferencesPage'),
  conference: () => page(import('./routes/conference.tsx'), 'ConferencePage'),
  adminDefaultRules: () =>
    page(import('./routes/admin-default-rules.tsx'), 'AdminDefaultRulesPage'),
  dblpClaimOrcid: () => page(import('./routes/dblp-claim-orcid.tsx'), 'DblpClaimOrcidPage'),
  chairList: () => page(import('./routes/chair-list.tsx'), 'ChairListPage'),
  chairWorkspace: () => page(import('./routes/chair-workspace.tsx'), 'ChairWorkspacePage'),
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ServerErrorPage />,
    // While the first page's code loads, the route loader (which then stays for its second).
    hydrateFallbackElement: <PageLoadingOverlay />,
    children: [
      { index: true, lazy: load.dashboard },
      { path: 'sign-in', lazy: load.signIn },
      { path: 'forgot-password', lazy: load.forgotPassword },
      { path: 'registration', lazy: load.registration },
      { path: 'registration/:token', lazy: load.registration },
      { path: 'reset-password/:token', lazy: load.resetPassword },
      { path: 'lock', lazy: load.lock },
      { path: '404', lazy: load.notFound },
      { path: '500', element: <ServerErrorPage /> },
      { path: 'user/profile', lazy: load.profile },
      { path: 'user/password-reset', lazy: load.passwordReset },
      { path: 'relations', lazy: load.relationsList },
      {
        path: 'relations/pending',
        lazy: async () => {
          const { RelationsListPage } = await import('./routes/relations-list.tsx');
          return { element: <RelationsListPage isPendingOnly /> };
        },
      },
      { path: 'relations/add', lazy: load.relationAdd },
      { path: 'relations/conflicts', lazy: load.conflicts },
      { path: 'relations/conflicts/:conferencename/:confid', lazy: load.conflicts },
      { path: 'relations/validate/new/:token', lazy: load.invitationResponse },
      { path: 'relations/:action/:id', lazy: load.relationView },
      { path: 'pending-relations/:action/:id', lazy: load.relationView },
      { path: 'help/*', lazy: load.help },
      { path: 'contact', lazy: load.contact },
      { path: 'admin', lazy: load.admin },
      { path: 'admin/institutions', lazy: load.adminInstitutions },
      { path: 'admin/requests', lazy: load.adminRequests },
      { path: 'admin/relations', lazy: load.adminRelations },
      { path: 'admin/relations/:relationId', lazy: load.adminRelationLog },
      { path: 'admin/users', lazy: load.adminUsers },
      { path: 'admin/users/:userId', lazy: load.adminUser },
      { path: 'admin/dblp', lazy: load.adminDblp },
      { path: 'admin/default-rules', lazy: load.adminDefaultRules },
      { path: 'conferences', lazy: load.conferences },
      { path: 'conferences/:confid', lazy: load.conference },
      { path: 'dblp-claim/orcid', lazy: load.dblpClaimOrcid },
      { path: 'chair', lazy: load.chairList },
      { path: 'conferences/:confid/workspace', lazy: load.chairWorkspace },
      // The root layout redirects unknown paths to sign-in before this renders.
      { path: '*', lazy: load.notFound },
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
  // A 401 from any token call ends the session and returns to '/' (docs/product.md,
  // "Authentication and sessions").
  setSignedOutHandler(() => void router.navigate('/'));
  return router;
}

export function AppRouterProvider({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />;
}

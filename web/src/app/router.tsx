// Every route of the route table in docs/product.md, "Screens and routes", at its path from
// paths.ts (the home page is the index route). Access rules live
// in route-access.ts and are applied once, by the root layout; paths the table does not list
// fall through to '*'.
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoadingOverlay } from '../components/route-change-loader.tsx';
import { setSignedOutHandler } from '../lib/session.ts';
import { paths } from './paths.ts';
import { RootLayout } from './routes/root-layout.tsx';
import { ServerErrorPage } from './routes/server-error.tsx';
import { SignInPage } from './routes/sign-in.tsx';

// Each page's code (and the styles of what it alone uses) is its own chunk, fetched when the
// route is first visited: the sign-in page does not load the relation form or the graph.
// The root layout, the error page and the sign-in page, the first page most visitors load,
// are in the entry chunk: one file rather than twenty small ones, each of which costs its
// headers (docs/benchmarks.md, "Web assets"). See docs/architecture.md, "Build and start".
// One loader per page module, so two paths to one page share its chunk and its import.
// Every other page also loads the styles of the components the sign-in page does not show
// (page-styles.ts), which the sign-in page goes without.
const load = {
  dashboard: () => page(import('./routes/dashboard.tsx'), 'DashboardPage'),
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
      { path: paths.signIn.pattern, Component: SignInPage },
      { path: paths.forgotPassword.pattern, lazy: load.forgotPassword },
      { path: paths.registration.pattern, lazy: load.registration },
      { path: paths.invitedRegistration.pattern, lazy: load.registration },
      { path: paths.resetPassword.pattern, lazy: load.resetPassword },
      { path: paths.lock.pattern, lazy: load.lock },
      { path: paths.notFound.pattern, lazy: load.notFound },
      { path: paths.serverError.pattern, element: <ServerErrorPage /> },
      { path: paths.profile.pattern, lazy: load.profile },
      { path: paths.passwordReset.pattern, lazy: load.passwordReset },
      { path: paths.relations.pattern, lazy: load.relationsList },
      {
        path: paths.pendingRelations.pattern,
        lazy: async () => {
          const [{ RelationsListPage }] = await Promise.all([
            import('./routes/relations-list.tsx'),
            loadPageStyles(),
          ]);
          return { element: <RelationsListPage isPendingOnly /> };
        },
      },
      { path: paths.relationAdd.pattern, lazy: load.relationAdd },
      { path: paths.conflicts.pattern, lazy: load.conflicts },
      { path: paths.conferenceConflicts.pattern, lazy: load.conflicts },
      { path: paths.invitationResponse.pattern, lazy: load.invitationResponse },
      { path: paths.relation.pattern, lazy: load.relationView },
      { path: paths.pendingRelation.pattern, lazy: load.relationView },
      { path: paths.help.pattern, lazy: load.help },
      { path: paths.contact.pattern, lazy: load.contact },
      { path: paths.admin.pattern, lazy: load.admin },
      { path: paths.adminInstitutions.pattern, lazy: load.adminInstitutions },
      { path: paths.adminRequests.pattern, lazy: load.adminRequests },
      { path: paths.adminRelations.pattern, lazy: load.adminRelations },
      { path: paths.adminRelation.pattern, lazy: load.adminRelationLog },
      { path: paths.adminUsers.pattern, lazy: load.adminUsers },
      { path: paths.adminUser.pattern, lazy: load.adminUser },
      { path: paths.adminDblp.pattern, lazy: load.adminDblp },
      { path: paths.adminDefaultRules.pattern, lazy: load.adminDefaultRules },
      { path: paths.conferences.pattern, lazy: load.conferences },
      { path: paths.conference.pattern, lazy: load.conference },
      { path: paths.dblpClaimOrcid.pattern, lazy: load.dblpClaimOrcid },
      { path: paths.chairList.pattern, lazy: load.chairList },
      { path: paths.chairWorkspace.pattern, lazy: load.chairWorkspace },
      // The root layout redirects unknown paths to sign-in before this renders.
      { path: '*', lazy: load.notFound },
    ],
  },
];

const loadPageStyles = () => import('./page-styles.ts');

/** A lazily loaded route's component: the named export of its module, with page-styles.ts. */
async function page<Name extends string>(
  module: Promise<Record<Name, ComponentType>>,
  name: Name,
): Promise<{ Component: ComponentType }> {
  const [loaded] = await Promise.all([module, loadPageStyles()]);
  return { Component: loaded[name] };
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(routes);
  // A 401 from any token call ends the session and returns to '/' (docs/product.md,
  // "Authentication and sessions").
  setSignedOutHandler(() => void router.navigate(paths.home.href()));
  return router;
}

export function AppRouterProvider({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />;
}

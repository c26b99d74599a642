// The root of every page while someone is signed in: keeps the tokens fresh, applies the access
// rules with the profile's role, and puts the page in the signed-in frame (navigation, user
// menu). A chunk of its own, with the profile's schema (and zod) it reads, fetched only once
// there is a session (app/signed-in-part.ts): the sign-in page does without it
// (docs/benchmarks.md, "Web assets").
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { AppFrame } from '../../components/app-frame.tsx';
import type { NavItem } from '../../components/app-frame.tsx';
import { RouteChangeLoader } from '../../components/route-change-loader.tsx';
import { useProfile } from '../../features/auth/api/get-profile.ts';
import { signOut } from '../../features/auth/api/sign-out.ts';
import { useTokenRefresh } from '../../features/auth/hooks/use-token-refresh.ts';
import { CouldNotFetchError } from '../../lib/api-client.ts';
import { endSessionWithWarning } from '../../lib/session.ts';
import { findRedirect } from '../route-access.ts';
import { paths } from '../paths.ts';
import { helpLink } from './root-layout.tsx';
// The signed-in frame's badge and user menu have their styles there.
import '../page-styles.ts';

const mainNavItems: NavItem[] = [
  { label: 'Home', to: paths.home.href() },
  { label: 'List relations', to: paths.relations.href() },
  { label: 'Add relation', to: paths.relationAdd.href() },
  { label: 'View conflicts', to: paths.conflicts.href() },
  // Any registered user may create a conference and chair it, so every signed-in user has it.
  { label: 'Conferences', to: paths.conferences.href() },
  { label: 'Help', to: paths.help.href() },
];

/** Shown to administrators. */
const adminNavItem: NavItem = { label: 'Administration', to: paths.admin.href() };
/** Shown to whoever may open a conference's workspace (a chair, an administrator). */
const workspaceNavItem: NavItem = { label: 'Workspace', to: paths.chairList.href() };

/** Shown to conference chairs who are not administrators: the relation decisions. */
const chairNavItem: NavItem = { label: 'Relation decisions', to: paths.adminRelations.href() };

export function SignedInRoot() {
  const location = useLocation();
  const profile = useProfile();
  useTokenRefresh();

  const redirect = findRedirect(location.pathname, true, profile.data?.Role, profile.data?.IsChair);
  // Keyed by location, so a second visit to the same guarded path redirects again.
  if (redirect) return <Navigate key={location.key} to={redirect} replace />;
  return (
    <>
      <RouteChangeLoader />
      <SignedInFrame />
    </>
  );
}

function SignedInFrame() {
  const navigate = useNavigate();
  const profile = useProfile();
  const email = profile.data?.Email;
  const name = [profile.data?.FName, profile.data?.SName].filter(Boolean).join(' ');
  // A profile that cannot be read (a server error or no answer) leaves an unusable session:
  // it is forgotten and the guest frame shows the warning. A 401 has already ended it.
  const profileFailed =
    profile.isError &&
    !(profile.error instanceof CouldNotFetchError && profile.error.status === 401);
  useEffect(() => {
    if (profileFailed) endSessionWithWarning();
  }, [profileFailed]);

  async function handleLogout() {
    await signOut();
    navigate(paths.home.href());
  }

  // Home holds the notifications: it shows how many are unread (the profile lists only those).
  const unread = profile.data?.Notifications.length ?? 0;
  const withCount = mainNavItems.map((item) =>
    item.to === paths.home.href()
      ? { ...item, count: { value: unread, of: 'unread notifications' } }
      : item,
  );
  // A chair (IsChair) and an administrator may open a conference's workspace; a chair who is
  // not an administrator reaches the relation decisions from the navigation too.
  const isAdmin = profile.data?.Role === 'admin';
  const isChair = profile.data?.IsChair ?? false;
  const navItems = [
    ...withCount,
    ...(isChair || isAdmin ? [workspaceNavItem] : []),
    ...(isAdmin ? [adminNavItem] : isChair ? [chairNavItem] : []),
  ];

  return (
    <AppFrame
      navItems={navItems}
      userMenu={{
        label: name || 'Account',
        items: [
          { label: 'My Profile', to: paths.profile.href() },
          { label: 'Password Reset', to: paths.passwordReset.href() },
          { label: 'Logout', onClick: handleLogout },
        ],
      }}
      footerLinks={
        email ? [{ label: 'Contact us', to: paths.contact.href() }, helpLink] : [helpLink]
      }
    >
      <Outlet />
    </AppFrame>
  );
}

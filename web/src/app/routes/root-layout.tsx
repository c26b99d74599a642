// The root of every page: applies the access rules, keeps the tokens fresh, and puts the
// page in the signed-in frame (navigation, user menu) or the guest frame.
import { useSyncExternalStore } from 'react';
import { Alert } from '@mantine/core';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { messages } from '@recuse/common';
import { AppFrame } from '../../components/app-frame.tsx';
import type { NavItem } from '../../components/app-frame.tsx';
import { RouteChangeLoader } from '../../components/route-change-loader.tsx';
import { useProfile } from '../../features/auth/api/get-profile.ts';
import { signOut } from '../../features/auth/api/sign-out.ts';
import { useTokenRefresh } from '../../features/auth/hooks/use-token-refresh.ts';
import { isSignedIn, subscribeToSession } from '../../lib/session.ts';
import { findRedirect } from '../route-access.ts';

const mainNavItems: NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'List relations', to: '/relations' },
  { label: 'Add relation', to: '/relations/add' },
  { label: 'View conflicts', to: '/relations/conflicts' },
  { label: 'Help', to: '/help' },
];

const guestNavItems: NavItem[] = [
  { label: 'Sign in', to: '/sign-in' },
  { label: 'Help', to: '/help' },
];

const helpLink = { label: 'Help', to: '/help' };

export function RootLayout() {
  const location = useLocation();
  const hasSession = useSyncExternalStore(subscribeToSession, isSignedIn);
  useTokenRefresh();

  const redirect = findRedirect(location.pathname, hasSession);
  // Keyed by location, so a second visit to the same guarded path redirects again.
  if (redirect) return <Navigate key={location.key} to={redirect} replace />;
  return (
    <>
      <RouteChangeLoader />
      {hasSession ? (
        <SignedInFrame />
      ) : (
        <AppFrame navItems={guestNavItems} footerLinks={[helpLink]}>
          <Outlet />
        </AppFrame>
      )}
    </>
  );
}

function SignedInFrame() {
  const navigate = useNavigate();
  const profile = useProfile();
  const email = profile.data?.Email;
  const name = [profile.data?.FName, profile.data?.SName].filter(Boolean).join(' ');

  async function handleLogout() {
    await signOut();
    navigate('/');
  }

  return (
    <AppFrame
      navItems={mainNavItems}
      userMenu={{
        label: name || 'Account',
        items: [
          { label: 'My Profile', to: '/user/profile' },
          { label: 'Password Reset', to: '/user/password-reset' },
          { label: 'Logout', onClick: handleLogout },
        ],
      }}
      footerLinks={email ? [{ label: 'Contact us', to: '/contact' }, helpLink] : [helpLink]}
      banner={
        profile.isError && (
          <Alert color="red" role="alert" mb="md">
            {messages.sessionBanner}
          </Alert>
        )
      }
    >
      <Outlet />
    </AppFrame>
  );
}

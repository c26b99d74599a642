// The root of every page: applies the access rules and puts the page in the guest frame, or,
// once someone is signed in, hands it to the signed-in root (signed-in-root.tsx), which keeps
// the tokens fresh and draws the signed-in frame. That part and what it reads (the profile's
// schema, zod) are fetched only when there is a session (../signed-in-part.ts), so the sign-in
// page does without them (docs/benchmarks.md, "Web assets").
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Alert } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { messages } from '@recuse/common';
import { AppFrame } from '../../components/app-frame.tsx';
import type { NavItem } from '../../components/app-frame.tsx';
import { PageLoadingOverlay, RouteChangeLoader } from '../../components/route-change-loader.tsx';
import { hasSessionWarning, isSignedIn, subscribeToSession } from '../../lib/session.ts';
import { findSignedInPart, loadSignedInPart } from '../signed-in-part.ts';
import type { SignedInPart } from '../signed-in-part.ts';
import { findRedirect } from '../route-access.ts';
import { paths } from '../paths.ts';

const guestNavItems: NavItem[] = [
  { label: 'Sign in', to: paths.signIn.href() },
  { label: 'Help', to: paths.help.href() },
];

export const helpLink = { label: 'Help', to: paths.help.href() };

export function RootLayout() {
  const location = useLocation();
  const hasSession = useSyncExternalStore(subscribeToSession, isSignedIn);
  const hasWarning = useSyncExternalStore(subscribeToSession, hasSessionWarning);

  if (hasSession) return <SignedIn />;
  const redirect = findRedirect(location.pathname, false, undefined, undefined);
  // Keyed by location, so a second visit to the same guarded path redirects again.
  if (redirect) return <Navigate key={location.key} to={redirect} replace />;
  return (
    <>
      <RouteChangeLoader />
      <AppFrame
        navItems={guestNavItems}
        footerLinks={[helpLink]}
        banner={
          hasWarning && (
            <Alert color="red" role="alert" mb="md">
              {messages.sessionBanner}
            </Alert>
          )
        }
      >
        <Outlet />
      </AppFrame>
    </>
  );
}

/**
 * The signed-in root, once its code is here: until then the page loader, as while a page's
 * own code loads. Its code is asked for at start when there is a session already (main.tsx)
 * and when the sign-in form is first used, so it is usually here before it is needed.
 */
function SignedIn() {
  const [part, setPart] = useState<SignedInPart | undefined>(findSignedInPart);
  const [failure, setFailure] = useState<{ error: unknown }>();
  useEffect(() => {
    if (part) return;
    let isCurrent = true;
    loadSignedInPart().then(
      (loaded) => {
        if (isCurrent) setPart(loaded);
      },
      (error: unknown) => {
        if (isCurrent) setFailure({ error });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [part]);
  // As a page whose code cannot be fetched: the route's error page.
  if (failure) throw failure.error;
  if (!part) return <PageLoadingOverlay />;
  return <part.SignedInRoot />;
}

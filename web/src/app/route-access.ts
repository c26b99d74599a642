// Who may open which path (SPEC section 2, "Access"). Guests reach only the sign-in,
// registration, password, relation-validation, help, lock and error pages; a signed-in user
// is sent from sign-in to the dashboard; unknown paths go to sign-in for everyone.
import { matchPath } from 'react-router';

/** Paths anyone may open, signed in or not. */
export const openPaths = [
  '/sign-in',
  '/registration',
  '/registration/:token',
  '/forgot-password',
  '/reset-password/:token',
  '/relations/validate/new/:token',
  '/help',
  '/help/*',
  '/lock',
  '/404',
  '/500',
] as const;

/** Paths that need a session. */
export const sessionPaths = [
  '/',
  '/user/profile',
  '/user/password-reset',
  '/relations',
  '/relations/pending',
  '/relations/add',
  '/relations/conflicts',
  '/relations/conflicts/:conferencename/:confid',
  '/relations/:action/:id',
  '/pending-relations/:action/:id',
  '/contact',
] as const;

const matchesAny = (patterns: readonly string[], pathname: string) =>
  patterns.some((pattern) => matchPath(pattern, pathname) !== null);

/** Where to send someone who opens pathname, or undefined to show the page. */
export function findRedirect(pathname: string, isSignedIn: boolean): string | undefined {
  if (matchesAny(openPaths, pathname)) {
    return isSignedIn && matchPath('/sign-in', pathname) ? '/' : undefined;
  }
  if (matchesAny(sessionPaths, pathname)) return isSignedIn ? undefined : '/sign-in';
  return '/sign-in';
}

// Who may open which path (docs/product.md, "Screens and routes"). Guests reach only the sign-in,
// registration, password, relation-validation, help, lock and error pages; a signed-in user is sent
// from sign-in to the dashboard; the administration pages are for administrators (docs/product.md,
// "Roles and permissions"), the relation decisions for administrators and conference chairs
// (docs/product.md, "Relation decisions"); unknown paths go to sign-in for everyone.
import { matchPath } from 'react-router';
import type { AccountRole } from '@recuse/common';

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
  '/dblp-claim/orcid',
  '/chair',
  '/conferences/:confid/workspace',
  '/conferences',
  '/conferences/:confid',
] as const;

/** Paths for administrators only; the server checks the role again on every call. */
export const adminPaths = [
  '/admin',
  '/admin/institutions',
  '/admin/requests',
  '/admin/users',
  '/admin/users/:userId',
  '/admin/dblp',
  '/admin/default-rules',
] as const;

/** Paths for administrators and conference chairs; the server checks again on every call. */
export const deciderPaths = ['/admin/relations', '/admin/relations/:relationId'] as const;

const matchesAny = (patterns: readonly string[], pathname: string) =>
  patterns.some((pattern) => matchPath(pattern, pathname) !== null);

/**
 * Where to send someone who opens pathname, or undefined to show the page. `role` and
 * `isChair` are the signed-in user's, once their profile is known: a member who opens an
 * administration page (or, chairing no conference, a relation-decision page) goes to the
 * dashboard; while the profile is unknown the page shows (its calls are refused).
 */
export function findRedirect(
  pathname: string,
  isSignedIn: boolean,
  role?: AccountRole,
  isChair?: boolean,
): string | undefined {
  if (matchesAny(deciderPaths, pathname)) {
    if (!isSignedIn) return '/sign-in';
    return role === 'user' && isChair === false ? '/' : undefined;
  }
  if (matchesAny(adminPaths, pathname)) {
    if (!isSignedIn) return '/sign-in';
    return role === 'user' ? '/' : undefined;
  }
  if (matchesAny(openPaths, pathname)) {
    return isSignedIn && matchPath('/sign-in', pathname) ? '/' : undefined;
  }
  if (matchesAny(sessionPaths, pathname)) return isSignedIn ? undefined : '/sign-in';
  return '/sign-in';
}

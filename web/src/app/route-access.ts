// Who may open which path (docs/product.md, "Screens and routes"). Guests reach only the sign-in,
// registration, password, relation-validation, help, lock and error pages; a signed-in user is sent
// from sign-in to the dashboard; the administration pages are for administrators (docs/product.md,
// "Roles and permissions"), the relation decisions for administrators and conference chairs
// (docs/product.md, "Relation decisions"); unknown paths go to sign-in for everyone.
import { matchPath } from 'react-router';
import type { AccountRole } from '@recuse/common';
import { paths } from './paths.ts';

/** Paths anyone may open, signed in or not. */
export const openPaths = [
  paths.signIn.pattern,
  paths.registration.pattern,
  paths.invitedRegistration.pattern,
  paths.forgotPassword.pattern,
  paths.resetPassword.pattern,
  paths.invitationResponse.pattern,
  paths.help.pattern,
  paths.lock.pattern,
  paths.notFound.pattern,
  paths.serverError.pattern,
];

/** Paths that need a session. */
export const sessionPaths = [
  paths.home.pattern,
  paths.profile.pattern,
  paths.passwordReset.pattern,
  paths.relations.pattern,
  paths.pendingRelations.pattern,
  paths.relationAdd.pattern,
  paths.conflicts.pattern,
  paths.conferenceConflicts.pattern,
  paths.relation.pattern,
  paths.pendingRelation.pattern,
  paths.contact.pattern,
  paths.dblpClaimOrcid.pattern,
  paths.chairList.pattern,
  paths.chairWorkspace.pattern,
  paths.conferences.pattern,
  paths.conference.pattern,
];

/** Paths for administrators only; the server checks the role again on every call. */
export const adminPaths = [
  paths.admin.pattern,
  paths.adminInstitutions.pattern,
  paths.adminRequests.pattern,
  paths.adminUsers.pattern,
  paths.adminUser.pattern,
  paths.adminDblp.pattern,
  paths.adminDefaultRules.pattern,
];

/** Paths for administrators and conference chairs; the server checks again on every call. */
export const deciderPaths = [paths.adminRelations.pattern, paths.adminRelation.pattern];

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
    if (!isSignedIn) return paths.signIn.href();
    return role === 'user' && isChair === false ? paths.home.href() : undefined;
  }
  if (matchesAny(adminPaths, pathname)) {
    if (!isSignedIn) return paths.signIn.href();
    return role === 'user' ? paths.home.href() : undefined;
  }
  if (matchesAny(openPaths, pathname)) {
    return isSignedIn && matchPath(paths.signIn.pattern, pathname) ? paths.home.href() : undefined;
  }
  if (matchesAny(sessionPaths, pathname)) return isSignedIn ? undefined : paths.signIn.href();
  return paths.signIn.href();
}

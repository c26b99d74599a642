import { describe, expect, it } from 'vitest';
import { findRedirect } from './route-access.ts';

describe('findRedirect', () => {
  it.each([
    ['/sign-in', undefined],
    ['/registration', undefined],
    ['/registration/abc123', undefined],
    ['/forgot-password', undefined],
    ['/reset-password/abc123', undefined],
    ['/relations/validate/new/abc123', undefined],
    ['/help', undefined],
    ['/help/faq', undefined],
    ['/help/interface', undefined],
    ['/lock', undefined],
    ['/404', undefined],
    ['/500', undefined],
    ['/', '/sign-in'],
    ['/contact', '/sign-in'],
    ['/user/profile', '/sign-in'],
    ['/user/password-reset', '/sign-in'],
    ['/relations', '/sign-in'],
    ['/relations/add', '/sign-in'],
    ['/relations/view/12', '/sign-in'],
    ['/pending-relations/modify/12', '/sign-in'],
    ['/relations/conflicts/ISCA/7', '/sign-in'],
    ['/dblp-claim/orcid', '/sign-in'],
    ['/chair', '/sign-in'],
    ['/conferences/7/workspace', '/sign-in'],
    ['/no/such/page', '/sign-in'],
  ])('sends a guest who opens %s to %s', (pathname, expected) => {
    expect(findRedirect(pathname, false)).toBe(expected);
  });

  it.each([
    ['/sign-in', '/'],
    ['/', undefined],
    ['/contact', undefined],
    ['/relations', undefined],
    ['/relations/pending', undefined],
    ['/relations/conflicts', undefined],
    ['/relations/conflicts/ISCA/7', undefined],
    ['/relations/modify/12', undefined],
    ['/pending-relations/view/12', undefined],
    ['/user/password-reset', undefined],
    ['/dblp-claim/orcid', undefined],
    ['/chair', undefined],
    ['/conferences/7/workspace', undefined],
    ['/help/overview', undefined],
    ['/registration', undefined],
    ['/404', undefined],
    ['/lock', undefined],
    ['/no/such/page', '/sign-in'],
  ])('sends a signed-in user who opens %s to %s', (pathname, expected) => {
    expect(findRedirect(pathname, true)).toBe(expected);
  });

  it.each([
    ['/admin', false, undefined, '/sign-in'],
    ['/admin', true, 'user', '/'],
    ['/admin', true, 'admin', undefined],
    ['/admin', true, undefined, undefined],
    ['/admin/institutions', false, undefined, '/sign-in'],
    ['/admin/institutions', true, 'user', '/'],
    ['/admin/institutions', true, 'admin', undefined],
    ['/admin/requests', false, undefined, '/sign-in'],
    ['/admin/requests', true, 'user', '/'],
    ['/admin/requests', true, 'admin', undefined],
    ['/admin/users', true, 'user', '/'],
    ['/admin/users/12', true, 'admin', undefined],
    ['/admin/dblp', false, undefined, '/sign-in'],
    ['/admin/dblp', true, 'user', '/'],
    ['/admin/dblp', true, 'admin', undefined],
    ['/admin/no-such-area', true, 'admin', '/sign-in'],
  ] as const)('sends %s (signed in: %s, role %s) to %s', (pathname, isSignedIn, role, expected) => {
    expect(findRedirect(pathname, isSignedIn, role)).toBe(expected);
  });

  it.each([
    ['/admin/relations', false, undefined, undefined, '/sign-in'],
    ['/admin/relations', true, 'user', false, '/'],
    ['/admin/relations', true, 'user', true, undefined],
    ['/admin/relations', true, 'admin', false, undefined],
    ['/admin/relations', true, undefined, undefined, undefined],
    ['/admin/relations/7', true, 'user', false, '/'],
    ['/admin/relations/7', true, 'user', true, undefined],
    // A chair is not an administrator: the other administration pages stay closed to them.
    ['/admin', true, 'user', true, '/'],
    ['/admin/users', true, 'user', true, '/'],
  ] as const)(
    'sends %s (signed in: %s, role %s, chair: %s) to %s',
    (pathname, isSignedIn, role, isChair, expected) => {
      expect(findRedirect(pathname, isSignedIn, role, isChair)).toBe(expected);
    },
  );

  it('brings a signed-in user on an unknown path to the dashboard by way of sign-in', () => {
    const first = findRedirect('/unknown', true);
    expect(first).toBe('/sign-in');
    expect(findRedirect(first ?? '', true)).toBe('/');
  });
});

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
    ['/help/overview', undefined],
    ['/registration', undefined],
    ['/404', undefined],
    ['/lock', undefined],
    ['/no/such/page', '/sign-in'],
  ])('sends a signed-in user who opens %s to %s', (pathname, expected) => {
    expect(findRedirect(pathname, true)).toBe(expected);
  });

  it('brings a signed-in user on an unknown path to the dashboard by way of sign-in', () => {
    const first = findRedirect('/unknown', true);
    expect(first).toBe('/sign-in');
    expect(findRedirect(first ?? '', true)).toBe('/');
  });
});

import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import { relationTypeIds } from '@recuse/common';
import { paths } from './paths.ts';
import { routes } from './router.tsx';

const patterns = Object.values(paths).map((entry) => entry.pattern);

describe('paths', () => {
  it('declares every route of the router, and the router declares nothing else', () => {
    const declared = (routes[0]?.children ?? [])
      .map((route) => (route.index ? paths.home.pattern : route.path))
      .filter((path) => path !== '*');
    expect([...declared].sort()).toEqual([...patterns].sort());
  });

  it.each([
    [
      'a conference’s conflicts',
      paths.conferenceConflicts.href({ conference_name: 'ISCA 2027', confid: 7 }),
      '/relations/conflicts/ISCA%202027/7',
    ],
    ['an invited sign-up', paths.invitedRegistration.href('a/b'), '/registration/a%2Fb'],
    [
      'a relation',
      paths.relation.href(12, relationTypeIds.coauthoredPublication),
      '/relations/view/12',
    ],
    [
      'a relation to modify',
      paths.relation.href(12, relationTypeIds.coauthoredPublication, 'modify'),
      '/relations/modify/12',
    ],
    [
      'a pending employment',
      paths.relation.href(12, relationTypeIds.pendingEmployment),
      '/pending-relations/view/12',
    ],
    ['a conference', paths.conference.href(7), '/conferences/7'],
    ['a conference’s workspace', paths.chairWorkspace.href(7), '/conferences/7/workspace'],
    ['a relation’s log', paths.adminRelation.href(12), '/admin/relations/12'],
    ['an account', paths.adminUser.href(3), '/admin/users/3'],
    ['the help', paths.help.href(), '/help'],
    ['a help section', paths.help.href('faq'), '/help/faq'],
  ])('writes the link to %s as the contract spells it', (_, href, expected) => {
    expect(href).toBe(expected);
  });

  it('writes every link so that its own route opens it', () => {
    const links: [string, string][] = [
      [
        paths.conferenceConflicts.pattern,
        paths.conferenceConflicts.href({ conference_name: 'A/B', confid: 7 }),
      ],
      [paths.invitedRegistration.pattern, paths.invitedRegistration.href('t')],
      [paths.relation.pattern, paths.relation.href(12, relationTypeIds.coauthoredPublication)],
      [paths.pendingRelation.pattern, paths.relation.href(12, relationTypeIds.pendingEmployment)],
      [paths.conference.pattern, paths.conference.href(7)],
      [paths.chairWorkspace.pattern, paths.chairWorkspace.href(7)],
      [paths.adminRelation.pattern, paths.adminRelation.href(12)],
      [paths.adminUser.pattern, paths.adminUser.href(3)],
      [paths.help.pattern, paths.help.href('overview')],
    ];
    for (const [pattern, href] of links) expect(matchPath(pattern, href), href).not.toBeNull();
  });
});

// Who an uploaded row is (people-matching.ts): the order identifiers are tried in, where a row's
// affiliation and address place it, and what a chair's pick makes of a row only a name matches.
import { describe, expect, it } from 'vitest';
import type { ChairPick, RowIdentity, RowMatch } from './people-matching.ts';
import { applyPick, matchRows, pickKeyOf } from './people-matching.ts';

const row = (fields: Partial<RowIdentity> = {}): RowIdentity => ({
  email: '',
  dblpPid: null,
  givenName: 'John',
  familyName: 'Smith',
  affiliation: '',
  ...fields,
});

const institution = (
  id: number,
  fields: { name: string; aliases?: string[]; domains?: string[] },
) => ({
  id,
  name: fields.name,
  nameKey: fields.name.toLowerCase(),
  aliasKeys: (fields.aliases ?? []).map((alias) => alias.toLowerCase()),
  emailDomains: fields.domains ?? [],
  isApproved: true,
});

describe('matchRows', () => {
  const lookups = {
    byEmail: [
      { id: 1, email: 'john@a.example.org', secondaryEmail: 'js@old.example.org', dblpPid: null },
      { id: 2, email: 'js@old.example.org', secondaryEmail: null, dblpPid: 'x/JS' },
    ],
    byDblpPid: [{ id: 2, email: 'js@old.example.org', secondaryEmail: null, dblpPid: 'x/JS' }],
    namesakes: new Map([['John Smith', [1, 2]]]),
    institutions: [
      institution(10, {
        name: 'Institute of Examples',
        aliases: ['IoE'],
        domains: ['ioe.example.edu'],
      }),
      institution(11, { name: 'Other College', domains: ['example.edu'] }),
    ],
  };

  it.each([
    ['a primary address', row({ email: 'john@a.example.org' }), 'matched', 'email', 1],
    [
      "a primary address over another's secondary",
      row({ email: 'js@old.example.org' }),
      'matched',
      'email',
      2,
    ],
    ['a DBLP pid', row({ dblpPid: 'x/JS' }), 'matched', 'dblp', 2],
    ['a name alone', row(), 'ambiguous', null, null],
    ['nothing known', row({ givenName: 'Zed' }), 'unmatched', null, null],
  ])('ties %s', (_case, input, status, matchedBy, userId) => {
    const [match] = matchRows([input], lookups);
    expect(match).toMatchObject({ status, matchedBy, userId });
  });

  it('places a row by name, alias or e-mail domain, each institution once, in the look-ups order', () => {
    const [byAlias, byDomains] = matchRows(
      [row({ affiliation: 'IoE' }), row({ email: 'z@cs.ioe.example.edu' })],
      lookups,
    );
    expect(byAlias!.institutions).toEqual([
      { id: 10, name: 'Institute of Examples', matchedBy: 'alias', isApproved: true },
    ]);
    // cs.ioe.example.edu → ioe.example.edu (Institute), example.edu (College).
    expect(byDomains!.institutions.map((place) => [place.id, place.matchedBy])).toEqual([
      [10, 'email_domain'],
      [11, 'email_domain'],
    ]);
    const [both] = matchRows(
      [row({ affiliation: 'Institute of Examples', email: 'z@ioe.example.edu' })],
      lookups,
    );
    // The Institute by its name (not again by the domain), the College by the parent domain.
    expect(both!.institutions.map((place) => [place.id, place.matchedBy])).toEqual([
      [10, 'name'],
      [11, 'email_domain'],
    ]);
  });
});

describe('applyPick', () => {
  const ambiguous: RowMatch = {
    status: 'ambiguous',
    matchedBy: null,
    userId: null,
    candidateIds: [1, 2],
    institutions: [],
  };
  const pick = (userId: number | null, offeredIds = [1, 2]): ChairPick => ({ userId, offeredIds });

  it.each<[string, RowMatch, ChairPick | undefined, Partial<RowMatch> | undefined]>([
    ['no pick: the row stands', ambiguous, undefined, undefined],
    [
      'a candidate: tied to them',
      ambiguous,
      pick(2),
      { status: 'matched', matchedBy: 'pick', userId: 2 },
    ],
    ['someone no longer a candidate: asks again', ambiguous, pick(3), undefined],
    ['none of them: left unmatched', ambiguous, pick(null), { status: 'unmatched', userId: null }],
    [
      'none, and a namesake turned up since: asks again',
      { ...ambiguous, candidateIds: [1, 2, 5] },
      pick(null),
      undefined,
    ],
    [
      'a row an address ties: the pick is not used',
      { ...ambiguous, status: 'matched', matchedBy: 'email', userId: 7, candidateIds: [] },
      pick(1),
      undefined,
    ],
    [
      'a row nobody has the name of any more: nothing to settle',
      { ...ambiguous, status: 'unmatched', candidateIds: [] },
      pick(null),
      undefined,
    ],
  ])('%s', (_case, match, chairPick, expected) => {
    const applied = applyPick(match, chairPick);
    if (expected === undefined) expect(applied).toBeUndefined();
    else expect(applied).toMatchObject({ ...expected, candidateIds: match.candidateIds });
  });
});

describe('pickKeyOf', () => {
  it('keys a row by its address, else by paper and name (without case, accents or punctuation)', () => {
    expect(pickKeyOf(row({ email: 'John@Example.org' }), 3)).toBe('email:john@example.org');
    expect(pickKeyOf(row({ givenName: 'Jöhn', familyName: 'Smith-' }), 6)).toBe(
      'paper:6 name:john smith',
    );
  });
});

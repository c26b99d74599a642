// "My conflicts with this committee" (docs/conflicts.md, "Checking a committee"): pasted names and
// addresses compared with the people the user has relations with, under DEFAULT's ticked rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommitteeCheckReply } from '@recuse/common';
import { committeeCheckMessages, maxCommitteeLines } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { Tokens } from '../../../test/factories.ts';
import { buildRelation, buildUser, signIn } from '../../../test/factories.ts';
import { post } from '../../../test/relation-requests.ts';
import type { User } from '../../db/schema.ts';

const url = '/v1/web/relations/data/conflicts/check';
const year = new Date().getUTCFullYear();
let t: TestApp;
let session: Tokens;
let people: Record<'bob' | 'cyd' | 'dan' | 'smith1' | 'smith2' | 'jose' | 'stranger', User>;

const rules = {
  conflictRules: JSON.stringify(['coauthor-4y', 'advisor-always', 'personal-always']),
};
const check = (text: string, fields: Record<string, unknown> = rules) =>
  post(t, url, session, { ...fields, people: text }, 'json');
const rowsOf = async (text: string) => {
  const response = await check(text);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CommitteeCheckReply>();
};

beforeAll(async () => {
  t = await buildTestApp();
  const me = await buildUser(t.db, { firstName: 'Ada', lastName: 'Lovelace' });
  session = await signIn(t.app, me.email!);
  const person = (firstName: string, lastName: string, extra = {}) =>
    buildUser(t.db, { firstName, lastName, ...extra });
  people = {
    bob: await person('Bob', 'Baker', {
      email: 'bob@uni.example.org',
      secondaryEmail: 'bob@home.example.org',
      pendingSecondaryEmail: 'bob@new.example.org',
    }),
    cyd: await person('Cyd', 'Clark', { email: 'cyd@uni.example.org' }),
    dan: await person('Dan', 'Dunn', { email: 'dan@uni.example.org' }),
    smith1: await person('John', 'Smith'),
    smith2: await person('John', 'Smith', {
      kind: 'dblp_only',
      email: null,
      passwordHash: null,
      dblpName: 'John Smith 0002',
    }),
    jose: await person('José', 'García-Núñez'),
    stranger: await person('Sam', 'Stranger', { email: 'sam@uni.example.org' }),
  };
  const paper = (party: User, end: number, status = 1) =>
    buildRelation(t.db, {
      type: 3,
      creator: me,
      parties: [{ user: party, status }],
      end: { year: end },
    });
  await paper(people.bob, year - 1);
  await paper(people.cyd, year - 1, 3);
  await paper(people.dan, year - 12);
  await paper(people.smith1, year - 2);
  await paper(people.smith2, year - 20);
  // José entered the paper, naming Ada, who accepted.
  await buildRelation(t.db, {
    type: 3,
    creator: people.jose,
    parties: [{ user: me, status: 1 }],
    end: { year },
  });
  // Someone invited by address, who has no account: the address identifies nobody.
  const invited = await buildUser(t.db, {
    kind: 'invited',
    firstName: '',
    lastName: '',
    email: 'invited@uni.example.org',
    passwordHash: null,
    isEmailConfirmed: false,
  });
  await paper(invited, year - 1, 3);
});
afterAll(() => t.close());

describe('POST /v1/web/relations/data/conflicts/check', () => {
  it('finds a conflict by a confirmed address, with the reasons of the conflict list', async () => {
    const answer = await rowsOf('Bob Baker <BOB@uni.example.org>\nbob@home.example.org');
    expect(answer.conference).toMatchObject({ name: 'DEFAULT' });
    expect(answer.rows).toEqual([
      expect.objectContaining({
        line: 1,
        email: 'bob@uni.example.org',
        name: 'Bob Baker',
        matched_by: 'email',
        outcome: 'conflict',
        people: [
          expect.objectContaining({
            id: people.bob.id,
            name: 'Bob Baker',
            is_conflict: true,
            reason: [expect.objectContaining({ rule_value: 'coauthor-4y', end_year: year - 1 })],
          }),
        ],
      }),
      expect.objectContaining({ line: 2, matched_by: 'email', outcome: 'conflict' }),
    ]);
  });

  it('matches names ignoring case, accents and punctuation, and never guesses initials', async () => {
    const answer = await rowsOf(
      [
        'jose garcia nunez (Universidad de Ejemplo)',
        'Clark, Cyd',
        'B. Baker',
        'Dan Dunn, Old University',
      ].join('\n'),
    );
    expect(answer.rows.map((row) => [row.line, row.matched_by, row.outcome])).toEqual([
      [1, 'name', 'conflict'],
      [2, 'name', 'provisional'],
      [3, null, 'not_found'],
      [4, 'name', 'no_conflict'],
    ]);
    expect(answer.rows[0]!.people.map((person) => person.id)).toEqual([people.jose.id]);
    expect(answer.rows[3]!.people[0]).toMatchObject({ id: people.dan.id, is_conflict: false });
    expect(answer.counts).toEqual({
      lines: 4,
      conflicts: 1,
      provisional: 1,
      ambiguous: 0,
      not_found: 1,
    });
  });

  it('lists every namesake of an ambiguous name, each with what the rules make of them', async () => {
    const [row] = (await rowsOf('John Smith')).rows;
    expect(row).toMatchObject({ outcome: 'ambiguous', matched_by: 'name' });
    expect(
      row!.people.map((person) => [person.id, person.is_conflict]).sort((a, b) => +a[0]! - +b[0]!),
    ).toEqual([
      [people.smith1.id, true],
      [people.smith2.id, false],
    ]);
  });

  it('tells nothing about people the user has no relation with, or addresses nobody confirmed', async () => {
    const answer = await rowsOf(
      [
        'sam@uni.example.org',
        'Sam Stranger',
        'nobody@nowhere.example.org',
        'invited@uni.example.org',
        'bob@new.example.org',
      ].join('\n'),
    );
    expect(answer.rows.map((row) => row.outcome)).toEqual([
      'not_found',
      'not_found',
      'not_found',
      'not_found',
      'not_found',
    ]);
    expect(answer.rows.every((row) => row.people.length === 0)).toBe(true);
  });

  it('counts only the ticked rules', async () => {
    const answer = await rowsOf('Bob Baker');
    expect(answer.rows[0]!.outcome).toBe('conflict');
    const unticked = await check('Bob Baker', {
      conflictRules: JSON.stringify(['advisor-always', 'personal-always']),
    });
    expect(unticked.json<CommitteeCheckReply>().rows[0]).toMatchObject({
      outcome: 'no_conflict',
      people: [expect.objectContaining({ is_conflict: false, reason: [] })],
    });
  });

  it('refuses an empty or too long list (422), an unknown conference (404) and a guest (401)', async () => {
    const empty = await check('  \n ');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.people).toEqual([committeeCheckMessages.empty]);
    const long = await check(
      Array.from({ length: maxCommitteeLines + 1 }, (_, i) => `P ${i}`).join('\n'),
    );
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.people).toEqual([committeeCheckMessages.tooManyLines]);
    const readonlyMissing = await check('Bob Baker', { conflictRules: '["coauthor-4y"]' });
    expect(readonlyMissing.statusCode).toBe(422);
    const unknown = await check('Bob Baker', { ...rules, confid: 'NO-SUCH-CONF' });
    expect(unknown.statusCode).toBe(404);
    const guest = await post(t, url, null, { ...rules, people: 'Bob Baker' }, 'json');
    expect(guest.statusCode).toBe(401);
  });
});

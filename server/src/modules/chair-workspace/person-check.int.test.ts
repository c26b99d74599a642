// The check of one person against every submission (docs/api-conflicts.md, "Checking one
// person") on the HotCRP fixtures: the same reasons the matrix gives a committee member, for
// anyone the chair names, by address, DBLP profile, name or affiliation; refusals as the
// workspace's other calls.
import { describe, expect, it } from 'vitest';
import type { MatrixReply, PersonCheckReply } from '@recuse/common';
import { personCheckMessages } from '@recuse/common';
import { useUploadedChairWorld } from '../../../test/uploaded-chair-world.ts';
import { buildUser, signIn } from '../../../test/factories.ts';
import type { Fields } from '../../../test/relation-requests.ts';
import { get, post } from '../../../test/relation-requests.ts';

const { t, w, base } = useUploadedChairWorld();

const check = async (fields: Fields) => {
  const response = await post(t, `${base()}/person-check`, w.chair, fields, 'json');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PersonCheckReply>();
};
const pairs = (answer: PersonCheckReply) =>
  answer.conflicts.map((conflict) => [
    conflict.paper,
    conflict.hotcrp_conflict,
    conflict.is_provisional,
    conflict.reasons.map((reason) => `${reason.kind}:${reason.rule_value}`),
  ]);

describe('checking one person against every submission', () => {
  it('gives a person named by address the reasons the matrix gives them as a member', async () => {
    const answer = await check({
      given_name: 'Ada',
      family_name: 'Lovelace',
      email: 'ADA@pc.example.org',
    });
    expect(answer.person).toMatchObject({
      line: 0,
      email: 'ada@pc.example.org',
      status: 'matched',
      matched_by: 'email',
      user: { id: w.people.ada.id },
    });
    expect(pairs(answer)).toEqual([
      [1, 'collaborator', false, ['relation:coauthor-4y']],
      [5, 'collaborator', true, ['relation:coauthor-4y']],
    ]);
    expect(answer.counts).toEqual({ submissions: 8, conflicts: 2, provisional: 1 });
    // The same as Ada's rows of the matrix, reason for reason.
    const matrix = (await get(t, `${base()}/matrix`, w.chair)).json<MatrixReply>();
    const adasRows = matrix.conflicts.filter((row) => row.member_email === 'ada@pc.example.org');
    expect(answer.conflicts.map((row) => row.reasons)).toEqual(adasRows.map((row) => row.reasons));
  });

  it('finds a person by their DBLP profile, and one by a confirmed secondary address', async () => {
    const donald = await check({ dblp: 'https://dblp.org/pid/k/DonaldEKnuth' });
    expect(donald.person).toMatchObject({
      status: 'matched',
      matched_by: 'dblp',
      user: { id: w.people.donald.id },
    });
    const alan = await check({ email: 'alan.turing@old.example.org' });
    expect(alan.person.user?.id).toBe(w.people.alan.id);
    expect(pairs(alan)).toEqual([[2, 'advisor', false, ['relation:advisor-always']]]);
  });

  it('ties nobody by name alone, and still counts an affiliation the registry knows', async () => {
    const smith = await check({ given_name: 'John', family_name: 'Smith' });
    expect(smith.person.status).toBe('ambiguous');
    expect(smith.person.candidates.map((candidate) => candidate.id).sort()).toEqual(
      [w.people.smith.id, w.people.smithFromDblp.id].sort(),
    );
    expect(smith.conflicts).toEqual([]);
    const stranger = await check({
      given_name: 'Sam',
      family_name: 'Stranger',
      affiliation: 'IoC',
    });
    expect(stranger.person).toMatchObject({
      status: 'unmatched',
      institutions: [expect.objectContaining({ matched_by: 'alias' })],
    });
    expect(pairs(stranger)).toEqual([
      [3, 'institutional', false, ['declared_affiliation:institutional-2y']],
      [4, 'institutional', false, ['declared_affiliation:institutional-2y']],
    ]);
  });

  it('refuses a check that names nobody, a bad address or a bad DBLP profile, with the field to fix', async () => {
    const refused = async (fields: Fields, field: string, message: string) => {
      const response = await post(t, `${base()}/person-check`, w.chair, fields, 'json');
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    };
    await refused({}, 'email', personCheckMessages.nobody);
    await refused({ given_name: '   ', affiliation: 'IoC' }, 'email', personCheckMessages.nobody);
    await refused({ email: 'not an address' }, 'email', personCheckMessages.email);
    await refused({ dblp: 'https://example.org/pid/1/2' }, 'dblp', personCheckMessages.dblp);
    await refused({ given_name: 'x'.repeat(301) }, 'given_name', 'At most 300 characters.');
  });

  it("answers only the conference's chairs and administrators", async () => {
    const body = { email: 'ada@pc.example.org' };
    expect((await post(t, `${base()}/person-check`, null, body, 'json')).statusCode).toBe(401);
    const other = await signIn(t.app, (await buildUser(t.db)).email!);
    const refused = await post(t, `${base()}/person-check`, other, body, 'json');
    expect(refused.statusCode).toBe(403);
    // The chair check comes before the body is read: a bad body from a stranger is still 403.
    expect((await post(t, `${base()}/person-check`, other, {}, 'json')).statusCode).toBe(403);
    expect(
      (await post(t, '/v1/web/conference/999999/person-check', w.chair, body, 'json')).statusCode,
    ).toBe(404);
    const admin = await signIn(t.app, (await buildUser(t.db, { role: 'admin' })).email!);
    expect((await post(t, `${base()}/person-check`, admin, body, 'json')).statusCode).toBe(200);
  });
});

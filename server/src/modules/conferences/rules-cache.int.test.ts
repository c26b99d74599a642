// Conferences and their rules kept in memory for conflict lists (rules-cache.ts; docs/
// architecture.md, "One conflict list"): what a researcher's list sees when a conference's
// rules change, through the API, straight in the database, or committed by another instance.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConferenceOption, ConferenceReply } from '@recuse/common';
import { conflictSelectionMessages } from '@recuse/common';
import type { FastifyInstance } from 'fastify';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { Tokens } from '../../../test/factories.ts';
import { buildRelation, buildUser } from '../../../test/factories.ts';
import { signedInUser } from '../../../test/profile-requests.ts';
import { post } from '../../../test/relation-requests.ts';

let t: TestApp;
let ada: { session: Tokens; user: { id: number } };
let chair: { session: Tokens; user: { id: number } };
let conference: ConferenceOption;

beforeAll(async () => {
  t = await buildTestApp();
  ada = await signedInUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
  chair = await signedInUser(t);
  const created = await post(
    t,
    '/v1/web/conference/data/save',
    chair.session,
    { name: 'CACHE-2026', label: 'Cache 2026', reference_date: '2026-06-15' },
    'json',
  );
  const confid = created.json<ConferenceReply>().conference.confid;
  const saved = await post(
    t,
    `/v1/web/conference/data/rule/save/${confid}`,
    chair.session,
    {
      value: 'coauthor-2y',
      rule_title: 'Co-authored within 2 years',
      relation_type_id: 3,
      operation_txt: 'WITHIN_X_YEARS',
      number_of_year: 2,
    },
    'json',
  );
  expect(saved.statusCode, saved.body).toBe(200);
  conference = saved.json<ConferenceReply>().conference;
  // A paper with Bob that ended in 2023: outside two years of June 2026, inside four.
  const bob = await buildUser(t.db, { firstName: 'Bob', lastName: 'Baker' });
  await buildRelation(t.db, {
    creator: ada.user as Awaited<ReturnType<typeof buildUser>>,
    title: 'Paper 2023',
    end: { year: 2023 },
    parties: [{ user: bob, status: 1 }],
  });
});
afterAll(() => t.close());

const conflictsOf = async (app: FastifyInstance, value: string) => {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/web/relations/data/list',
    headers: {
      authorization: `Bearer ${ada.session.access_token}`,
      'content-type': 'application/json',
    },
    payload: { confid: conference.confid, conflictRules: JSON.stringify([value]) },
  });
  return {
    status: response.statusCode,
    names: (response.json().user_conflicts ?? []).map((person: { name: string }) => person.name),
    errors: response.json().errors,
  };
};

describe("a conflict list under a conference's rules kept in memory", () => {
  it('follows a rule a chair changes through the API at the next list', async () => {
    expect(await conflictsOf(t.app, 'coauthor-2y')).toMatchObject({ status: 200, names: [] });
    const changed = await post(
      t,
      `/v1/web/conference/data/rule/update/${conference.confid}/coauthor-2y`,
      chair.session,
      {
        value: 'coauthor-2y',
        rule_title: 'Co-authored within 4 years',
        relation_type_id: 3,
        operation_txt: 'WITHIN_X_YEARS',
        number_of_year: 4,
      },
      'json',
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await conflictsOf(t.app, 'coauthor-2y')).toMatchObject({
      status: 200,
      names: ['Bob Baker'],
    });
  });

  it('follows a rule changed straight in the database at the next list', async () => {
    expect((await conflictsOf(t.app, 'coauthor-2y')).status).toBe(200);
    await t.db.execute(
      sql`update conference_rules set value = 'coauthor-renamed'
           where conference_id = ${conference.confid} and value = 'coauthor-2y'`,
    );
    expect(await conflictsOf(t.app, 'coauthor-2y')).toMatchObject({
      status: 422,
      errors: { conflictRules: [conflictSelectionMessages.unknownRule('coauthor-2y')] },
    });
    expect((await conflictsOf(t.app, 'coauthor-renamed')).status).toBe(200);
    await t.db.execute(
      sql`update conference_rules set value = 'coauthor-2y'
           where conference_id = ${conference.confid} and value = 'coauthor-renamed'`,
    );
  });

  it('follows a rule changed by another instance within moments', async () => {
    const other = await t.startAnotherInstance();
    try {
      expect((await conflictsOf(other.app, 'coauthor-2y')).status).toBe(200);
      expect((await conflictsOf(other.app, 'coauthor-2y')).status).toBe(200);
      await t.db.execute(
        sql`delete from conference_rules
             where conference_id = ${conference.confid} and value = 'coauthor-2y'`,
      );
      // The other instance hears of it when the change commits, over its own connection.
      await expect
        .poll(async () => (await conflictsOf(other.app, 'coauthor-2y')).status, { timeout: 5_000 })
        .toBe(422);
    } finally {
      await other.close();
    }
  });
});

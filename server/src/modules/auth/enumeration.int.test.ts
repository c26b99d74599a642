// Who has an account must not leak (docs/security.md section 5): sign-in failures, the
// forgot-password answer and the work behind it are the same for real and unknown
// addresses, and the calls that do tell (people search by full e-mail, sign-up's taken
// address) are rate limited.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { bearer, buildUser, form, mailsTo, signIn, signUpForm } from '../../../test/factories.ts';
import { queryRows } from '../../db/client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    SIGN_UP_RATE_LIMIT_PER_HOUR: '2',
    PEOPLE_SEARCH_RATE_LIMIT_PER_MINUTE: '3',
  });
});
afterAll(() => t.close());

let clientNumber = 0;
const newClient = () => `198.51.100.${(clientNumber += 1)}`;

const count = async (table: 'tokens' | 'outbox' | 'jobs') => {
  const [row] = await queryRows<{ n: number | string }>(
    t.db,
    sql`select count(*) as n from ${sql.identifier(table)}`,
  );
  return Number(row!.n);
};

describe('forgot password', () => {
  it('does the same work for a real and an unknown address: one queued job, nothing else', async () => {
    const user = await buildUser(t.db);
    await t.app.jobs.runUntilIdle();
    for (const email of [user.email!, 'nobody.at.all@example.org']) {
      const before = {
        tokens: await count('tokens'),
        outbox: await count('outbox'),
        jobs: await count('jobs'),
      };
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/web/user/password/request',
        ...form({ email }),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: messages.passwordRequestSent });
      expect({
        tokens: await count('tokens'),
        outbox: await count('outbox'),
        jobs: await count('jobs'),
      }).toEqual({ ...before, jobs: before.jobs + 1 });
    }
    // The job then mails the link to the real account only.
    await t.deliverMail();
    const mails = await mailsTo(t, user.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('/reset-password/');
    expect(await mailsTo(t, 'nobody.at.all@example.org')).toHaveLength(0);
  });
});

describe('people search', () => {
  it('is limited per signed-in user', async () => {
    const me = await buildUser(t.db);
    const other = await buildUser(t.db);
    const myTokens = await signIn(t.app, me.email!);
    const otherTokens = await signIn(t.app, other.email!);
    const search = (tokens: typeof myTokens, client: string) =>
      t.app.inject({
        url: `/v1/web/users/search?q=${encodeURIComponent(other.email!)}`,
        remoteAddress: client,
        headers: bearer(tokens),
      });
    const statuses = [];
    // From a new client address each time: the limit follows the user, not the address.
    for (let call = 1; call <= 4; call += 1) {
      statuses.push((await search(myTokens, newClient())).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await search(myTokens, newClient());
    expect(refused.json()).toEqual({ message: messages.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await search(otherTokens, newClient())).statusCode).toBe(200);
  });
});

describe('naming a co-chair', () => {
  it('counts against the people search limit of the signed-in user', async () => {
    const chair = await buildUser(t.db);
    const tokens = await signIn(t.app, chair.email!);
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/web/conference/data/save',
      headers: bearer(tokens),
      payload: { name: `LIMITS-${chair.id}`, label: 'Limits', reference_date: '' },
    });
    const confid = created.json<{ conference: { confid: number } }>().conference.confid;
    // Each answer tells whether the address has a confirmed account, as a search would.
    const nameChair = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/web/conference/data/chair/add/${confid}`,
        remoteAddress: newClient(),
        headers: bearer(tokens),
        payload: { email },
      });
    const statuses = [];
    for (let call = 1; call <= 3; call += 1) {
      statuses.push((await nameChair(`guess${call}@example.org`)).statusCode);
    }
    statuses.push((await nameChair((await buildUser(t.db)).email!)).statusCode);
    expect(statuses).toEqual([422, 422, 422, 429]);
    const search = await t.app.inject({
      url: '/v1/web/users/search?q=guess',
      headers: bearer(tokens),
    });
    expect(search.statusCode).toBe(429);
  });
});

describe('sign-up', () => {
  const signUp = (email: string, client: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/web/user-registration/save',
      remoteAddress: client,
      ...form(signUpForm(email)),
    });

  it("keeps the taken address's message but limits sign-ups per client address and hour", async () => {
    const taken = await buildUser(t.db);
    const client = newClient();
    const first = await signUp(taken.email!, client);
    expect(first.statusCode).toBe(409);
    expect(first.json()).toMatchObject({ errors: { Email: [messages.emailTaken] } });
    expect((await signUp('sam.one@example.org', client)).statusCode).toBe(200);
    const third = await signUp('sam.two@example.org', client);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: messages.tooManyRequests });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(60);
    expect((await signUp('sam.two@example.org', newClient())).statusCode).toBe(200);
  });
});

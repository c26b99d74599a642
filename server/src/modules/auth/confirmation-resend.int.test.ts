// 'Send the confirmation again' (POST /v1/web/user/confirmation/resend): a sign-up whose link
// was lost or has expired gets a fresh one; the answer, and the work behind it, are the same for
// every address (docs/security.md, section 5), and each address is limited per hour.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser, form, mailsTo, pathOf } from '../../../test/factories.ts';
import { queryRows } from '../../db/client.ts';
import { tokens, users } from '../../db/schema.ts';
import { hashSecret } from './secrets.ts';

const confirmationResendsPerAddressPerHour = 3;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    CONFIRMATION_RESENDS_PER_ADDRESS_PER_HOUR: String(confirmationResendsPerAddressPerHour),
  });
});
afterAll(() => t.close());

const password = 'Sign#Up2024';
let sequence = 0;
const newEmail = (name = 'resend') => `${name}${(sequence += 1)}.${Date.now()}@example.org`;
let clientNumber = 0;
const newClient = () => `198.51.100.${(clientNumber += 1)}`;

const register = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/web/user-registration/save',
    ...form({
      FName: 'Grace',
      SName: 'Hopper',
      Email: email,
      dblp_url: '',
      noDBLP: '1',
      password,
      confirmPassword: password,
      optedIn: '1',
    }),
  });

const resend = (email: string, client = newClient()) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/web/user/confirmation/resend',
    remoteAddress: client,
    ...form({ email }),
  });

const signsIn = async (email: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/v1/user/login',
      ...form({ action: 'login', api_key: 'recuse-web', username: email, password }),
    })
  ).statusCode === 200;

const confirmationMails = async (email: string) =>
  (await mailsTo(t, email)).filter((mail) => mail.subject.includes('Confirm your email'));

/** The confirmation link mailed to the address other than `earlier` (the mailbox has no order). */
const newerLink = async (email: string, earlier: string) =>
  (await confirmationMails(email)).map((mail) => mail.links[0]!).find((link) => link !== earlier)!;

const countRows = async (table: 'tokens' | 'outbox' | 'jobs') => {
  const [row] = await queryRows<{ n: number | string }>(
    t.db,
    sql`select count(*) as n from ${sql.identifier(table)}`,
  );
  return Number(row!.n);
};

describe('POST /v1/web/user/confirmation/resend', () => {
  it('mails a sign-up whose link expired a fresh link that confirms it; the old one stays dead', async () => {
    const email = newEmail();
    await register(email);
    const [first] = await confirmationMails(email);
    const oldLink = first!.links[0]!;
    await t.db
      .update(tokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tokens.tokenHash, hashSecret(oldLink.split('/').pop()!)));

    const response = await resend(email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.confirmationResent });
    expect(await confirmationMails(email)).toHaveLength(2);
    const newLink = await newerLink(email, oldLink);

    expect((await t.app.inject({ url: pathOf(oldLink) })).headers.location).toBe(
      '/sign-in?confirmed=0',
    );
    expect((await t.app.inject({ url: pathOf(newLink) })).headers.location).toBe(
      '/sign-in?confirmed=1',
    );
    expect(await signsIn(email)).toBe(true);
  });

  it('voids the earlier link when a new one is sent', async () => {
    const email = newEmail();
    await register(email);
    const [first] = await confirmationMails(email);
    await resend(email);
    const newLink = await newerLink(email, first!.links[0]!);
    expect((await t.app.inject({ url: pathOf(first!.links[0]!) })).headers.location).toBe(
      '/sign-in?confirmed=0',
    );
    expect((await t.app.inject({ url: pathOf(newLink) })).headers.location).toBe(
      '/sign-in?confirmed=1',
    );
  });

  it('sends the link of a sign-up that waits for an address an invited person holds', async () => {
    const email = newEmail('held');
    await buildUser(t.db, { kind: 'invited', email, passwordHash: null, isEmailConfirmed: false });
    await register(email);
    const [waiting] = await t.db.select().from(users).where(eq(users.pendingEmail, email));
    expect(waiting).toMatchObject({ email: null, isEmailConfirmed: false });
    const [first] = await confirmationMails(email);
    await resend(email);
    expect(await confirmationMails(email)).toHaveLength(2);
    const newLink = await newerLink(email, first!.links[0]!);
    expect((await t.app.inject({ url: pathOf(newLink) })).headers.location).toBe(
      '/sign-in?confirmed=1',
    );
    expect(await signsIn(email)).toBe(true);
  });

  it('answers and works the same for every address, and mails only a sign-up waiting for its link', async () => {
    const waiting = newEmail('waiting');
    await register(waiting);
    const confirmed = await buildUser(t.db);
    const invited = await buildUser(t.db, {
      kind: 'invited',
      email: newEmail('invited'),
      passwordHash: null,
      isEmailConfirmed: false,
    });
    const addresses = [waiting, confirmed.email!, invited.email!, newEmail('nobody')];
    await t.deliverMail();
    const mailsBefore = await Promise.all(addresses.map(async (a) => (await mailsTo(t, a)).length));
    for (const address of addresses) {
      const before = {
        tokens: await countRows('tokens'),
        outbox: await countRows('outbox'),
        jobs: await countRows('jobs'),
      };
      const response = await resend(address);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: messages.confirmationResent });
      // One queued job, nothing else, whoever the address belongs to.
      expect({
        tokens: await countRows('tokens'),
        outbox: await countRows('outbox'),
        jobs: await countRows('jobs'),
      }).toEqual({ ...before, jobs: before.jobs + 1 });
    }
    await t.deliverMail();
    const mailsAfter = await Promise.all(addresses.map(async (a) => (await mailsTo(t, a)).length));
    expect(mailsAfter.map((n, index) => n - mailsBefore[index]!)).toEqual([1, 0, 0, 0]);
  });

  it('limits the links sent to one address, alike for an account and an unknown address', async () => {
    for (const address of [newEmail('limited'), newEmail('unknown')]) {
      if (address.startsWith('limited')) await register(address);
      const statuses = [];
      // From a new client address each time: the limit follows the mailbox.
      for (let call = 0; call <= confirmationResendsPerAddressPerHour; call += 1) {
        statuses.push((await resend(address)).statusCode);
      }
      expect(statuses).toEqual([...Array(confirmationResendsPerAddressPerHour).fill(200), 429]);
      const refused = await resend(address);
      expect(refused.json()).toEqual({ message: messages.tooManyRequests });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it.each([
    ['no address', {}],
    ['something that is not an address', { email: 'not an address' }],
  ])('refuses %s with the field message', async (_case, fields) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/web/user/confirmation/resend',
      ...form(fields),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toHaveLength(1);
  });
});

// Sign-up (POST /v1/web/user-registration/save; docs/product.md, "Registration"), plain and
// invited, the e-mail confirmation link, DBLP URLs, and the invitation check of
// validate_token_for_request_response.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  bearer,
  buildInvitation,
  buildUser,
  form,
  mailsTo,
  pathOf,
  signIn,
} from '../../../test/factories.ts';
import { confirmOpenClaimOf, queuedClaimOf } from '../../../test/dblp-claim-requests.ts';
import type { Tokens } from '../../../test/factories.ts';
import { signedInUser } from '../../../test/profile-requests.ts';
import { jobs, outbox, tokens, users } from '../../db/schema.ts';
import { dblpCrawlPersonJob } from '../../jobs/job-kinds.ts';
import { hashSecret } from './secrets.ts';

let t: TestApp;
let admin: Tokens;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedInUser(t, { role: 'admin' })).session;
});
afterAll(() => t.close());

const password = 'Sign#Up2024';
let sequence = 0;
const newEmail = () => `signup${(sequence += 1)}@example.org`;

const signUpForm = (fields: Record<string, string | undefined> = {}) => ({
  FName: 'Grace',
  SName: 'Hopper',
  Email: newEmail(),
  dblp_url: '',
  noDBLP: '1',
  password,
  confirmPassword: password,
  optedIn: '1',
  ...fields,
});

const register = (fields: Record<string, string | undefined>) =>
  t.app.inject({ method: 'POST', url: '/v1/web/user-registration/save', ...form(fields) });

const login = (username: string, secret = password) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/user/login',
    ...form({ action: 'login', api_key: 'recuse-web', username, password: secret }),
  });

async function findUser(email: string) {
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  return user;
}

async function countRows() {
  const [people] = await t.db.select({ n: count() }).from(users);
  const [mails] = await t.db.select({ n: count() }).from(outbox);
  return { users: people!.n, mails: mails!.n };
}

describe('plain sign-up', () => {
  it('creates the account and mails a confirmation link; sign-in works once it is opened', async () => {
    const fields = signUpForm();
    const response = await register(fields);
    expect(response.statusCode).toBe(200);
    const user = await findUser(fields.Email);
    expect(response.json()).toEqual({
      GID: user!.id,
      status: 'CREATED',
      message: messages.registrationCreated,
    });
    expect((await login(fields.Email)).json()).toEqual({
      ERROR: 'LOGIN_FAILED',
      MSG: messages.accountNotConfirmed,
    });

    const [mail] = await mailsTo(t, fields.Email);
    expect(mail!.subject).toBe('Confirm your email address for Recuse');
    expect(mail!.text).toContain('Hello Grace');
    const [link] = mail!.links;
    expect(link).toMatch(/^http:\/\/recuse\.test\/v1\/web\/user\/confirm-email\/[\w-]{40,}$/);

    const opened = await t.app.inject({ url: pathOf(link!) });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/sign-in?confirmed=1');
    expect((await login(fields.Email)).statusCode).toBe(200);
  });

  it('stores the names and e-mail as typed, the e-mail in lower case', async () => {
    const response = await register(
      signUpForm({ FName: ' Grace ', SName: 'Hopper', Email: ' Grace.Hopper@Example.ORG ' }),
    );
    expect(response.statusCode).toBe(200);
    const user = await findUser('grace.hopper@example.org');
    expect(user).toMatchObject({
      kind: 'registered',
      firstName: 'Grace',
      lastName: 'Hopper',
      isEmailConfirmed: false,
      isOptedIn: true,
      dblpPid: null,
    });
  });

  it('sends a used confirmation link to the sign-in page with confirmed=0', async () => {
    const fields = signUpForm();
    await register(fields);
    const [mail] = await mailsTo(t, fields.Email);
    const path = pathOf(mail!.links[0]!);
    expect((await t.app.inject({ url: path })).headers.location).toBe('/sign-in?confirmed=1');
    const again = await t.app.inject({ url: path });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/sign-in?confirmed=0');
  });

  it('sends a bogus or expired confirmation link to confirmed=0 and leaves the account unconfirmed', async () => {
    const fields = signUpForm();
    await register(fields);
    const [mail] = await mailsTo(t, fields.Email);
    const link = mail!.links[0]!;
    const secret = link.split('/').pop()!;
    await t.db
      .update(tokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tokens.tokenHash, hashSecret(secret)));

    const bogus = await t.app.inject({ url: '/v1/web/user/confirm-email/not-a-real-token' });
    expect(bogus.headers.location).toBe('/sign-in?confirmed=0');
    const expired = await t.app.inject({ url: pathOf(link) });
    expect(expired.headers.location).toBe('/sign-in?confirmed=0');
    expect((await findUser(fields.Email))!.isEmailConfirmed).toBe(false);
  });

  it('refuses an e-mail that already has an account, in any letter case, and changes nothing', async () => {
    const existing = await buildUser(t.db, { firstName: 'Original' });
    const before = await countRows();
    const response = await register(signUpForm({ Email: existing.email!.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: messages.checkBelowFields,
      errors: { Email: [messages.emailTaken] },
    });
    expect(await countRows()).toEqual(before);
    expect((await findUser(existing.email!))!.firstName).toBe('Original');
  });

  it('gives exactly one of several simultaneous sign-ups with one e-mail the account', async () => {
    const fields = signUpForm();
    const before = await countRows();
    const responses = await Promise.all([register(fields), register(fields), register(fields)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await countRows()).users).toBe(before.users + 1);
  });
});

describe('DBLP profile URL', () => {
  it('claims any DBLP person URL; the account holds its pid once an administrator confirms', async () => {
    const fields = signUpForm({ dblp_url: 'dblp.uni-trier.de/pid/95/7448-1.html', noDBLP: '' });
    expect((await register(fields)).statusCode).toBe(200);
    const account = await findUser(fields.Email);
    expect(account!.dblpPid).toBeNull();
    expect(await queuedClaimOf(t, admin, account!.id)).toMatchObject({
      state: 'provisional',
      pid: '95/7448-1',
    });
    await confirmOpenClaimOf(t, admin, account!.id);
    expect((await findUser(fields.Email))!.dblpPid).toBe('95/7448-1');
  });

  it('queues a crawl of the new account’s DBLP person once confirmed, and none before or without a URL', async () => {
    const withUrl = signUpForm({ dblp_url: 'https://dblp.org/pid/123/4567', noDBLP: '' });
    const without = signUpForm();
    await register(withUrl);
    await register(without);
    const [member, other] = [await findUser(withUrl.Email), await findUser(without.Email)];
    const crawlsOf = async (userId: number) => {
      const crawls = await t.db.select().from(jobs).where(eq(jobs.kind, dblpCrawlPersonJob));
      return crawls
        .map((job) => job.payload as { userId: number; pid: string })
        .filter((payload) => payload.userId === userId);
    };
    expect(await crawlsOf(member!.id)).toEqual([]);
    await confirmOpenClaimOf(t, admin, member!.id);
    expect(await crawlsOf(member!.id)).toEqual([{ userId: member!.id, pid: '123/4567' }]);
    expect(await crawlsOf(other!.id)).toEqual([]);
  });

  it('refuses a pid that belongs to another registered account', async () => {
    await buildUser(t.db, { dblpPid: '17/8399' });
    const before = await countRows();
    const response = await register(
      signUpForm({ dblp_url: 'https://dblp.org/pid/17/8399.xml', noDBLP: '' }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: messages.checkBelowFields,
      errors: { dblp_url: [messages.dblpTaken] },
    });
    expect(await countRows()).toEqual(before);
  });

  it('claims a DBLP-only person with that pid: the person joins the account once confirmed', async () => {
    const person = await buildUser(t.db, {
      kind: 'dblp_only',
      email: null,
      passwordHash: null,
      isEmailConfirmed: false,
      firstName: 'Andrew',
      lastName: 'McCallum',
      dblpPid: 'm/AndrewMcCallum',
    });
    const fields = signUpForm({
      FName: 'Andrew',
      SName: 'McCallum',
      dblp_url: 'https://dblp.org/pid/m/AndrewMcCallum',
      noDBLP: '',
    });
    const before = await countRows();
    const response = await register(fields);
    expect(response.statusCode).toBe(200);
    const account = await findUser(fields.Email);
    expect(response.json().GID).toBe(account!.id);
    expect(account).toMatchObject({ kind: 'registered', dblpPid: null });
    expect(account!.id).not.toBe(person.id);
    const [stillThere] = await t.db.select().from(users).where(eq(users.id, person.id));
    expect(stillThere).toMatchObject({ kind: 'dblp_only', dblpPid: 'm/AndrewMcCallum' });

    await confirmOpenClaimOf(t, admin, account!.id);
    expect((await countRows()).users).toBe(before.users);
    expect(await findUser(fields.Email)).toMatchObject({
      id: account!.id,
      kind: 'registered',
      dblpPid: 'm/AndrewMcCallum',
    });
    expect(await t.db.select().from(users).where(eq(users.id, person.id))).toEqual([]);
  });

  it('gives two simultaneous sign-ups claiming the same DBLP-only person disputed claims, not the person', async () => {
    // Several rounds, so that at least one pair really overlaps on PostgreSQL.
    for (const pid of ['130/1022', '130/1023', '130/1024', '130/1025']) {
      const person = await buildUser(t.db, {
        kind: 'dblp_only',
        email: null,
        passwordHash: null,
        dblpPid: pid,
      });
      const dblp = { dblp_url: `https://dblp.org/pid/${pid}`, noDBLP: '' };
      const forms = [signUpForm(dblp), signUpForm(dblp)];
      const responses = await Promise.all(forms.map((fields) => register(fields)));
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
      for (const fields of forms) {
        const account = await findUser(fields.Email);
        expect(account).toMatchObject({ kind: 'registered', dblpPid: null });
        expect(await queuedClaimOf(t, admin, account!.id)).toMatchObject({
          state: 'disputed',
          holder: { id: person.id, kind: 'dblp_only' },
        });
      }
    }
  });

  it('gives two simultaneous sign-ups with one new pid disputed claims, and neither the pid', async () => {
    const dblp = { dblp_url: 'https://dblp.org/pid/331/8145', noDBLP: '' };
    const forms = [signUpForm(dblp), signUpForm(dblp)];
    const responses = await Promise.all(forms.map((fields) => register(fields)));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    for (const fields of forms) {
      const account = await findUser(fields.Email);
      expect(account!.dblpPid).toBeNull();
      expect((await queuedClaimOf(t, admin, account!.id))?.state).toBe('disputed');
    }
  });
});

describe('invited sign-up', () => {
  it('needs no confirmation: the account signs in at once and gets a welcome mail', async () => {
    const email = newEmail();
    const userToken = await buildInvitation(t.db, email);
    const response = await register(signUpForm({ Email: email, userToken }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'CREATED',
      message: messages.registrationCreatedInvited,
    });
    expect((await login(email)).statusCode).toBe(200);

    const [mail] = await mailsTo(t, email);
    expect(mail!.subject).toBe('Welcome to Recuse');
    expect(mail!.links).toEqual(['http://recuse.test/sign-in']);
  });

  it('turns the invited person into the account, keeping their user id', async () => {
    const invited = await buildUser(t.db, { kind: 'invited', passwordHash: null, firstName: '' });
    const userToken = await buildInvitation(t.db, invited.email!);
    const response = await register(signUpForm({ Email: invited.email!, userToken }));
    expect(response.json().GID).toBe(invited.id);
    expect(await findUser(invited.email!)).toMatchObject({
      kind: 'registered',
      firstName: 'Grace',
    });
  });

  it('refuses an invitation sent to another e-mail and saves nothing', async () => {
    const userToken = await buildInvitation(t.db, newEmail());
    const before = await countRows();
    const response = await register(signUpForm({ userToken }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: messages.checkBelowFields,
      errors: { userToken: [messages.invitationInvalid] },
    });
    expect(await countRows()).toEqual(before);
  });

  it('refuses a bogus or expired invitation', async () => {
    const email = newEmail();
    const expired = await buildInvitation(t.db, email, { expiresInMs: -1000 });
    for (const userToken of [expired, 'not-an-invitation']) {
      const response = await register(signUpForm({ Email: email, userToken }));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ userToken: [messages.invitationInvalid] });
    }
    expect(await findUser(email)).toBeUndefined();
  });
});

describe('bad sign-up forms', () => {
  const valid = signUpForm();
  it.each([
    ['no first name', { FName: '' }, { FName: [messages.firstNameRequired] }],
    ['no last name', { SName: undefined }, { SName: [messages.lastNameRequired] }],
    ['an e-mail not in e-mail format', { Email: 'grace' }, { Email: [messages.emailInvalid] }],
    [
      'a URL that is not a DBLP person URL',
      { dblp_url: 'https://dblp.org/db/conf/isca/index.html', noDBLP: '' },
      { dblp_url: [messages.dblpUrlInvalid] },
    ],
    [
      'a DBLP URL with a broken escape',
      { dblp_url: 'https://dblp.org/pid/%E0%A4%A', noDBLP: '' },
      { dblp_url: [messages.dblpUrlInvalid] },
    ],
    [
      'neither a DBLP URL nor the no-DBLP box',
      { dblp_url: '', noDBLP: '' },
      { dblp_url: [messages.dblpUrlInvalid] },
    ],
    [
      'no password',
      { password: '', confirmPassword: '' },
      { password: [messages.passwordRequired] },
    ],
    [
      'a weak password',
      { password: 'password', confirmPassword: 'password' },
      { password: [messages.passwordInvalid] },
    ],
    [
      'a password equal to the e-mail',
      {
        Email: 'gr4!ce@example.org',
        password: 'Gr4!ce@example.org',
        confirmPassword: 'Gr4!ce@example.org',
      },
      { password: [messages.passwordEqualsEmail] },
    ],
    [
      'a confirmation that differs',
      { confirmPassword: 'Other#Pass99' },
      { confirmPassword: [messages.passwordsShouldMatch] },
    ],
    ['the terms checkbox unticked', { optedIn: '' }, { optedIn: [messages.termsRequired] }],
    [
      'a 10,000-character first name',
      { FName: 'G'.repeat(10_000) },
      { FName: ['At most 100 characters.'] },
    ],
  ])('answers %s with 422 and its message, and saves nothing', async (_case, changes, errors) => {
    const before = await countRows();
    const response = await register({ ...valid, ...changes });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: messages.checkBelowFields, errors });
    expect(await countRows()).toEqual(before);
  });

  it('answers JSON with wrong types with 422, and saves nothing', async () => {
    const before = await countRows();
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/web/user-registration/save',
      payload: { ...valid, FName: 42, SName: ['Hopper'], optedIn: { yes: true } },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      FName: [messages.firstNameRequired],
      SName: [messages.lastNameRequired],
    });
    expect(await countRows()).toEqual(before);
  });
});

describe('text fields', () => {
  it('stores markup and SQL as plain text and gives them back verbatim', async () => {
    const email = newEmail();
    const userToken = await buildInvitation(t.db, email);
    const markup = '<script>alert(1)</script>';
    const sqlText = "Robert'); DROP TABLE users;--";
    const response = await register(
      signUpForm({ Email: email, userToken, FName: markup, SName: sqlText }),
    );
    expect(response.statusCode).toBe(200);
    const tokensOfUser = await signIn(t.app, email, password);
    const profile = await t.app.inject({
      url: '/v1/web/user/profile',
      headers: bearer(tokensOfUser),
    });
    expect(profile.json()).toMatchObject({ FName: markup, SName: sqlText });
    expect((await countRows()).users).toBeGreaterThan(0);
  });
});

describe('GET /v1/web/user/data/validate_token_for_request_response/{token}', () => {
  const validate = (token: string) =>
    t.app.inject({ url: `/v1/web/user/data/validate_token_for_request_response/${token}` });

  it('tells a person without an account to create a profile', async () => {
    const email = newEmail();
    const response = await validate(await buildInvitation(t.db, email));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'SUCCESS',
      account_active: 0,
      additional_msg: expect.any(String),
      userData: { email },
      show_sign_in: 'N',
    });
  });

  it('tells a person who has an account to sign in', async () => {
    const user = await buildUser(t.db);
    const response = await validate(await buildInvitation(t.db, user.email!));
    expect(response.json()).toMatchObject({
      message: 'SUCCESS',
      account_active: 1,
      userData: { email: user.email },
      show_sign_in: 'Y',
    });
  });

  it('answers 404 for a bogus or expired invitation', async () => {
    const expired = await buildInvitation(t.db, newEmail(), { expiresInMs: -1000 });
    for (const token of ['not-an-invitation', expired]) {
      const response = await validate(token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: messages.notFound });
    }
  });
});

// The development mailbox (/dev/mailbox): without SMTP_URL, mails are .eml files and this
// page lists them with their links, so sign-up and password reset work on a laptop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { buildInvitation, form, mailsTo } from '../../test/factories.ts';
import { messages } from '@recuse/common';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const password = 'Mail#Box2024';

const register = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/web/user-registration/save',
    ...form({
      SName: 'Hopper',
      noDBLP: '1',
      password,
      confirmPassword: password,
      optedIn: '1',
      ...fields,
    }),
  });

describe('GET /dev/mailbox', () => {
  it('lists each delivered mail with its recipient, subject and clickable links', async () => {
    const email = 'mailbox.reader@example.org';
    await register({ FName: 'Grace', Email: email });
    const [mail] = await mailsTo(t, email);
    const link = mail!.links[0]!;

    const page = await t.app.inject({ url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(email);
    expect(page.body).toContain('Confirm your email address for Recuse');
    expect(page.body).toContain(`<a href="${link}">`);
  });

  it('shows markup from a mail as text, never as markup', async () => {
    const email = 'markup.name@example.org';
    const userToken = await buildInvitation(t.db, email);
    await register({ FName: '<script>alert(1)</script>', Email: email, userToken });
    await mailsTo(t, email);

    const page = await t.app.inject({ url: '/dev/mailbox' });
    expect(page.body).toContain('Hello &#60;script&#62;alert(1)&#60;/script&#62;');
    expect(page.body).not.toContain('<script>alert(1)</script>');
  });
});

describe('GET /dev/mailbox from another machine', () => {
  it.each([
    ['a LAN address', { remoteAddress: '192.168.1.23' }],
    ['a public IPv6 address', { remoteAddress: '2001:db8::7' }],
    ['an IPv6-mapped LAN address', { remoteAddress: '::ffff:10.0.0.9' }],
    [
      'a local proxy forwarding for a LAN address',
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '192.168.1.23' } },
    ],
    [
      'a local proxy with a Forwarded header',
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=192.168.1.23' } },
    ],
  ])('answers 403 to %s, so nobody on the network reads reset links', async (_case, request) => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox', ...request });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: messages.mailboxLoopbackOnly });
    expect(response.body).not.toContain('Development mailbox');
  });

  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])(
    'is served to the loopback address %s',
    async (remoteAddress) => {
      const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Development mailbox');
    },
  );

  it('stays loopback-only when the server is told to listen on every interface', async () => {
    const everywhere = await buildTestApp({ HOST: '0.0.0.0' });
    try {
      const response = await everywhere.app.inject({
        method: 'GET',
        url: '/dev/mailbox',
        remoteAddress: '192.168.1.23',
      });
      expect(response.statusCode).toBe(403);
    } finally {
      await everywhere.close();
    }
  });
});

describe('GET /dev/mailbox outside development', () => {
  it.each([
    ['in production', { NODE_ENV: 'production' }],
    ['when real mail is configured', { SMTP_URL: 'smtp://mail.example.org:587' }],
  ])('is not served %s, so nobody reads other people’s mail', async (_case, env) => {
    const production = await buildTestApp(env);
    try {
      const response = await production.app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Development mailbox');
    } finally {
      await production.close();
    }
  });
});

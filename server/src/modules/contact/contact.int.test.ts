// Contact us (POST /v1/web/contactus; docs/api.md, "Contact and operations"): a signed-in person's
// message reaches the team's address by mail; bad forms get the form rule messages and send
// nothing.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { Tokens } from '../../../test/factories.ts';
import { bearer, buildUser, form, mailsTo, signIn } from '../../../test/factories.ts';
import { contactMessages, outbox } from '../../db/schema.ts';

const teamAddress = 'team@recuse.test';

let t: TestApp;
let session: Tokens;
beforeAll(async () => {
  t = await buildTestApp({ CONTACT_EMAIL: teamAddress });
});
afterAll(() => t.close());

async function signedIn(overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(t.db, overrides);
  session = await signIn(t.app, user.email!);
  return user;
}

const contact = (
  fields: Record<string, string | undefined>,
  headers: Record<string, string> = bearer(session),
) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/web/contactus',
    headers: { ...headers, ...form(fields).headers },
    payload: form(fields).payload,
  });

async function countSaved() {
  const [saved] = await t.db.select({ n: count() }).from(contactMessages);
  const [mails] = await t.db.select({ n: count() }).from(outbox);
  return { messages: saved!.n, mails: mails!.n };
}

describe('POST /v1/web/contactus', () => {
  it('answers SUCCESS and mails the message to the team, saying who sent it', async () => {
    const user = await signedIn({ firstName: 'Frances', lastName: 'Allen' });
    const response = await contact({ Subject: 'Missing paper', Message: 'My ISCA paper is gone.' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'SUCCESS' });

    const [mail] = await mailsTo(t, teamAddress);
    expect(mail!.subject).toBe('[Recuse contact] Missing paper');
    expect(mail!.text).toContain('My ISCA paper is gone.');
    expect(mail!.text).toContain(`Frances Allen <${user.email}>`);
    const saved = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.userId, user.id));
    expect(saved).toMatchObject([{ subject: 'Missing paper', message: 'My ISCA paper is gone.' }]);
  });

  it('keeps markup in the message as plain text', async () => {
    await signedIn();
    const markup = '<img src=x onerror=alert(1)> & <b>bold</b>';
    await contact({ Subject: 'Markup', Message: markup });
    const [mail] = await mailsTo(t, teamAddress);
    expect(mail!.text).toContain(markup);
  });

  it('cannot add recipients through line breaks in the subject', async () => {
    await signedIn();
    const response = await contact({
      Subject: 'Hello\r\nBcc: victim@example.org',
      Message: 'Hi',
    });
    expect(response.statusCode).toBe(200);
    const [mail] = await mailsTo(t, teamAddress);
    expect(mail!.to).toBe(teamAddress);
    expect(mail!.subject).toContain('Bcc: victim@example.org');
    expect(await mailsTo(t, 'victim@example.org')).toEqual([]);
  });

  it.each([
    ['no subject', { Message: 'Hi' }, { Subject: [messages.subjectRequired] }],
    ['a blank subject', { Subject: '   ', Message: 'Hi' }, { Subject: [messages.subjectRequired] }],
    ['no message', { Subject: 'Hi' }, { Message: [messages.messageRequired] }],
    [
      'neither',
      { Subject: '', Message: '' },
      { Subject: [messages.subjectRequired], Message: [messages.messageRequired] },
    ],
    [
      'a message over 5,000 characters',
      { Subject: 'Hi', Message: 'M'.repeat(5001) },
      { Message: ['At most 5000 characters.'] },
    ],
  ])('answers %s with 422 and its message, and sends nothing', async (_case, fields, errors) => {
    await signedIn();
    const before = await countSaved();
    const response = await contact(fields);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: messages.checkBelowFields, errors });
    expect(await countSaved()).toEqual(before);
  });

  it('answers 401 Unauthorized without a token and sends nothing', async () => {
    const before = await countSaved();
    const response = await contact({ Subject: 'Hi', Message: 'Hi' }, {});
    expect(response.statusCode).toBe(401);
    expect(response.body).toBe('Unauthorized');
    expect(await countSaved()).toEqual(before);
  });
});

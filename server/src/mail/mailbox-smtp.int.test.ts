// With SMTP_URL set, mail goes to the mail server: the development mailbox is off, and a
// mail server that does not answer delays the mail without losing it or the change.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@recuse/common';
import type { TestApp } from '../../test/build-test-app.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { form } from '../../test/factories.ts';
import { jobs, outbox } from '../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  // Nothing listens on port 1, so every delivery attempt fails.
  t = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
});
afterAll(() => t.close());

describe('mail over SMTP', () => {
  it('has no development mailbox', async () => {
    const response = await t.app.inject({ url: '/dev/mailbox' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: messages.notFound });
  });

  it('creates the account when the mail server is down, and keeps the mail to retry later', async () => {
    const email = 'smtp.down@example.org';
    const password = 'Smtp#Down2024';
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/web/user-registration/save',
      ...form({
        FName: 'Grace',
        SName: 'Hopper',
        Email: email,
        noDBLP: '1',
        password,
        confirmPassword: password,
        optedIn: '1',
      }),
    });
    expect(response.statusCode).toBe(200);

    await t.deliverMail();
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.toAddress, email));
    expect(mail).toMatchObject({ status: 'pending', attempts: 1 });
    expect(mail!.lastError).toBeTruthy();
    const [job] = await t.db.select().from(jobs);
    expect(job).toMatchObject({ status: 'queued' });
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());
  });
});

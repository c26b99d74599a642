// The dashboard summary kept in memory (profile-summary-cache.ts): what a signed-in client's
// profile shows after its notifications, affiliations or chairs change, through the API,
// straight in the database, or on another instance. Each test reads the profile first, so that
// the next read would find the copy if the change were not announced.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { Tokens } from '../../../test/factories.ts';
import { bearer, buildAffiliation, buildNotification, form } from '../../../test/factories.ts';
import { signedInUser } from '../../../test/profile-requests.ts';
import { personForm, savePersonRelation } from '../../../test/relation-requests.ts';
import { affiliations, conferenceChairs, conferences, notifications } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function profileOf(session: Tokens, app = t.app): Promise<Profile> {
  const response = await app.inject({ url: '/v1/web/user/profile', headers: bearer(session) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const unreadIds = async (session: Tokens, app = t.app) =>
  (await profileOf(session, app)).Notifications.map((notification) => notification.id);

describe('the dashboard summary kept in memory', () => {
  it('shows a new notification and drops one marked read at the next request', async () => {
    const { user, session } = await signedInUser(t);
    expect(await unreadIds(session)).toEqual([]);
    expect(await unreadIds(session)).toEqual([]);

    const notification = await buildNotification(t.db, user.id);
    expect(await unreadIds(session)).toEqual([notification.id]);

    const fields = form({ NotificationId: notification.id });
    const marked = await t.app.inject({
      method: 'POST',
      url: '/v1/web/mark_notification_read',
      headers: { ...bearer(session), ...fields.headers },
      payload: fields.payload,
    });
    expect(marked.statusCode).toBe(200);
    expect(await unreadIds(session)).toEqual([]);
  });

  it("follows a notification written by another person's action", async () => {
    const { user, session } = await signedInUser(t);
    const { session: creator } = await signedInUser(t);
    expect(await unreadIds(session)).toEqual([]);

    const saved = await savePersonRelation(t, creator, personForm(user.id));
    expect(saved.json()).toMatchObject({ status: 'CREATED' });
    const [written] = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, user.id));
    expect(await unreadIds(session)).toEqual([written!.id]);
  });

  it('says institution data is added, and no longer, as affiliations come and go', async () => {
    const { user, session } = await signedInUser(t);
    expect((await profileOf(session)).institutionDataAdded).toBe(false);

    const affiliation = await buildAffiliation(t.db, user.id);
    expect((await profileOf(session)).institutionDataAdded).toBe(true);

    await t.db.delete(affiliations).where(eq(affiliations.id, affiliation.id));
    expect((await profileOf(session)).institutionDataAdded).toBe(false);
  });

  it('says the person chairs a conference, and no longer once the conference is deleted', async () => {
    const { user, session } = await signedInUser(t);
    expect((await profileOf(session)).IsChair).toBe(false);

    const [conference] = await t.db
      .insert(conferences)
      .values({ name: `Kept summary ${user.id}`, label: 'Kept summary' })
      .returning();
    await t.db.insert(conferenceChairs).values({ conferenceId: conference!.id, userId: user.id });
    expect((await profileOf(session)).IsChair).toBe(true);

    // The chairs go with the conference (a cascade), announced all the same.
    await t.db.delete(conferences).where(eq(conferences.id, conference!.id));
    expect((await profileOf(session)).IsChair).toBe(false);
  });

  it('follows a notification moved from one person to another, for both', async () => {
    const { user: from, session: fromSession } = await signedInUser(t);
    const { user: to, session: toSession } = await signedInUser(t);
    const notification = await buildNotification(t.db, from.id);
    expect(await unreadIds(fromSession)).toEqual([notification.id]);
    expect(await unreadIds(toSession)).toEqual([]);

    await t.db
      .update(notifications)
      .set({ userId: to.id })
      .where(eq(notifications.id, notification.id));
    expect(await unreadIds(fromSession)).toEqual([]);
    expect(await unreadIds(toSession)).toEqual([notification.id]);
  });

  it('drops a notification marked read on another instance within moments', async () => {
    const other = await t.startAnotherInstance();
    const { user, session } = await signedInUser(t);
    const notification = await buildNotification(t.db, user.id);
    expect(await unreadIds(session, other.app)).toEqual([notification.id]);
    expect(await unreadIds(session, other.app)).toEqual([notification.id]);

    const marked = await t.app.inject({
      method: 'POST',
      url: '/v1/web/mark_all_notifications_read',
      headers: bearer(session),
    });
    expect(marked.json()).toMatchObject({ count: 1 });
    // The other instance hears of it when the change commits, over its own connection.
    await expect.poll(() => unreadIds(session, other.app), { timeout: 5_000 }).toEqual([]);
    await other.close();
  });

  it('forgets every summary when the notifications are emptied at once', async () => {
    const { user, session } = await signedInUser(t);
    await buildNotification(t.db, user.id);
    expect(await unreadIds(session)).toHaveLength(1);

    await t.db.execute(sql`truncate notifications`);
    expect(await unreadIds(session)).toEqual([]);
  });
});

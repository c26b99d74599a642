// The profile the browser keeps after sign-in, its unread notifications, the help banner's Dismiss,
// and marking a notification read (docs/api.md, "Profile and notifications").
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, profileSchema } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { Tokens } from '../../../test/factories.ts';
import {
  bearer,
  buildAffiliation,
  buildNotification,
  buildUser,
  form,
  signIn,
} from '../../../test/factories.ts';
import { conferenceChairs, conferences, notifications, tokens } from '../../db/schema.ts';
import { hashSecret } from '../auth/secrets.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const getProfile = (headers: Record<string, string> = {}) =>
  t.app.inject({ url: '/v1/web/user/profile', headers });

async function signedInUser(overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(t.db, overrides);
  return { user, session: await signIn(t.app, user.email!) };
}

const markRead = (session: Tokens, fields: Record<string, string | number>) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/web/mark_notification_read',
    headers: { ...bearer(session), ...form(fields).headers },
    payload: form(fields).payload,
  });

async function isRead(notificationId: number) {
  const [row] = await t.db
    .select({ readAt: notifications.readAt })
    .from(notifications)
    .where(eq(notifications.id, notificationId));
  return row!.readAt !== null;
}

describe('GET /v1/web/user/profile', () => {
  it("answers the signed-in person's profile in the contract's shape", async () => {
    const { user, session } = await signedInUser({ firstName: 'Barbara', lastName: 'Liskov' });
    const response = await getProfile(bearer(session));
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profileSchema.safeParse(profile).success).toBe(true);
    expect(profile).toMatchObject({
      FName: 'Barbara',
      SName: 'Liskov',
      Email: user.email,
      Notifications: [],
      institutionDataAdded: false,
      ShowHelpNotification: 'Y',
      PwdSet: 'Y',
      Role: 'user',
      IsChair: false,
    });
  });

  it('says whether the person chairs a conference, so the browser offers the relation decisions', async () => {
    const { user, session } = await signedInUser();
    const [conference] = await t.db
      .insert(conferences)
      .values({ name: `Profile chair ${user.id}`, label: 'Profile chair' })
      .returning();
    await t.db.insert(conferenceChairs).values({ conferenceId: conference!.id, userId: user.id });
    expect((await getProfile(bearer(session))).json()).toMatchObject({
      Role: 'user',
      IsChair: true,
    });
  });

  it('says institution data is added once the person has an affiliation', async () => {
    const { user, session } = await signedInUser();
    await buildAffiliation(t.db, user.id);
    expect((await getProfile(bearer(session))).json().institutionDataAdded).toBe(true);
  });

  it.each([
    ['without a token', {}],
    ['with an unknown token', { authorization: 'Bearer not-a-real-token' }],
    ['with a header that is not a bearer token', { authorization: 'Basic dXNlcjpwYXNz' }],
  ])('answers 401 Unauthorized %s', async (_case, headers) => {
    const response = await getProfile(headers);
    expect(response.statusCode).toBe(401);
    expect(response.body).toBe('Unauthorized');
  });

  it('answers 401 Unauthorized once the access token has expired', async () => {
    const { session } = await signedInUser();
    await t.db
      .update(tokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tokens.tokenHash, hashSecret(session.access_token)));
    const response = await getProfile(bearer(session));
    expect(response.statusCode).toBe(401);
    expect(response.body).toBe('Unauthorized');
  });

  it('answers 401 Unauthorized for a refresh token used as an access token', async () => {
    const { session } = await signedInUser();
    const response = await getProfile({ authorization: `Bearer ${session.refresh_token}` });
    expect(response.statusCode).toBe(401);
  });

  it('lists only the unread notifications of this person, newest first, in the contract shape', async () => {
    const { user, session } = await signedInUser();
    const someoneElse = await buildUser(t.db);
    const older = await buildNotification(t.db, user.id, {
      message: 'Older',
      createdAt: new Date(Date.now() - 60_000),
    });
    const newer = await buildNotification(t.db, user.id, {
      message: 'Newer',
      relationTypeId: 8,
      relationTypeName: 'Pending employment',
      publicationName: null,
      rejectReason: 'Not my employer',
      relationId: 42,
    });
    await buildNotification(t.db, user.id, { message: 'Read', readAt: new Date() });
    await buildNotification(t.db, someoneElse.id, { message: 'Not mine' });

    const { Notifications } = (await getProfile(bearer(session))).json();
    expect(Notifications).toEqual([
      {
        id: newer.id,
        formated_dt: newer.createdAt.toISOString(),
        data: {
          notify_message: 'Newer',
          relation_type_name: 'Pending employment',
          publication_name: '',
          reject_reason: 'Not my employer',
          comment: '',
          rel_type_id: 8,
          relation_parent_id: 42,
        },
      },
      expect.objectContaining({ id: older.id }),
    ]);
  });
});

describe('POST /v1/web/dismiss_help_notification', () => {
  it('hides the help banner: the profile then says N', async () => {
    const { session } = await signedInUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/web/dismiss_help_notification',
      headers: bearer(session),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'SUCCESS' });
    expect((await getProfile(bearer(session))).json().ShowHelpNotification).toBe('N');
  });

  it('answers 401 Unauthorized without a token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/web/dismiss_help_notification',
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toBe('Unauthorized');
  });
});

describe('POST /v1/web/mark_all_notifications_read', () => {
  const markAllRead = (session: Tokens) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/web/mark_all_notifications_read',
      headers: bearer(session),
    });

  it("reads every unread notification of the caller and no one else's, saying how many", async () => {
    const { user, session } = await signedInUser();
    const other = await buildUser(t.db);
    const mine = [await buildNotification(t.db, user.id), await buildNotification(t.db, user.id)];
    const theirs = await buildNotification(t.db, other.id);

    const response = await markAllRead(session);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'SUCCESS', count: 2 });
    for (const notification of mine) expect(await isRead(notification.id)).toBe(true);
    expect(await isRead(theirs.id)).toBe(false);
    expect((await getProfile(bearer(session))).json().Notifications).toEqual([]);

    // Nothing left: the same answer with a count of 0.
    expect((await markAllRead(session)).json()).toEqual({ message: 'SUCCESS', count: 0 });
  });

  it('answers 401 without a session and reads nothing', async () => {
    const { user } = await signedInUser();
    const notification = await buildNotification(t.db, user.id);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/web/mark_all_notifications_read',
    });
    expect(response.statusCode).toBe(401);
    expect(await isRead(notification.id)).toBe(false);
  });
});

describe('POST /v1/web/mark_notification_read', () => {
  it("marks the person's own notification read, so the profile no longer lists it", async () => {
    const { user, session } = await signedInUser();
    const notification = await buildNotification(t.db, user.id);
    const response = await markRead(session, { NotificationId: notification.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'SUCCESS' });
    expect((await getProfile(bearer(session))).json().Notifications).toEqual([]);
    expect(await isRead(notification.id)).toBe(true);
  });

  it("answers 404 for someone else's notification and leaves it unread", async () => {
    const { session } = await signedInUser();
    const owner = await buildUser(t.db);
    const notification = await buildNotification(t.db, owner.id);
    const response = await markRead(session, { NotificationId: notification.id });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: messages.notFound });
    expect(await isRead(notification.id)).toBe(false);
  });

  it('answers 404 for a notification that does not exist', async () => {
    const { session } = await signedInUser();
    const response = await markRead(session, { NotificationId: 2_000_000_000 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: messages.notFound });
  });

  it.each([
    ['no id', {}],
    ['an id that is not a number', { NotificationId: 'abc' }],
    ['a negative id', { NotificationId: -1 }],
    ['an id beyond any stored one', { NotificationId: '99999999999' }],
  ])('answers %s with 422', async (_case, fields) => {
    const { session } = await signedInUser();
    const response = await markRead(session, fields);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: messages.checkBelowFields,
      errors: { NotificationId: [expect.any(String)] },
    });
  });

  it('answers 401 Unauthorized without a token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/web/mark_notification_read',
      ...form({ NotificationId: 1 }),
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toBe('Unauthorized');
  });
});

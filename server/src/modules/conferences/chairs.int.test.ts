// Who chairs a conference: the list of its chairs and the removal of one (docs/api-conflicts.md,
// "Conference management"), with who may make each call, the refusal to remove the last chair
// and what a removed chair can no longer do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ConferenceChairsReply, ConferenceReply } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { signedInUser } from '../../../test/profile-requests.ts';
import { get, post } from '../../../test/relation-requests.ts';
import type { Tokens } from '../../../test/factories.ts';
import { auditLog, conferenceChairs } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const listUrl = (confid: number | string) => `/v1/web/conference/data/chair/list/${confid}`;
const removeUrl = (confid: number | string) => `/v1/web/conference/data/chair/remove/${confid}`;
const notChair = {
  message: 'Only the chairs of this conference and administrators may change it.',
};

let nameSequence = 0;
/** A conference its creator chairs, with a co-chair named by address. */
async function conferenceWithCochair() {
  const chair = await signedInUser(t, { firstName: 'Carla', lastName: 'Chair' });
  const cochair = await signedInUser(t, { firstName: 'Cody', lastName: 'Cochair' });
  nameSequence += 1;
  const created = await post(
    t,
    '/v1/web/conference/data/save',
    chair.session,
    { name: `CHAIRS-${nameSequence}`, label: `Chairs ${nameSequence}` },
    'json',
  );
  expect(created.statusCode, created.body).toBe(200);
  const { confid } = created.json<ConferenceReply>().conference;
  const added = await post(
    t,
    `/v1/web/conference/data/chair/add/${confid}`,
    chair.session,
    { email: cochair.user.email },
    'json',
  );
  expect(added.statusCode, added.body).toBe(200);
  return { chair, cochair, confid };
}

const chairIdsOf = async (confid: number) =>
  (
    await t.db
      .select({ userId: conferenceChairs.userId })
      .from(conferenceChairs)
      .where(eq(conferenceChairs.conferenceId, confid))
  )
    .map((row) => row.userId)
    .sort((a, b) => a - b);

const remove = (confid: number | string, session: Tokens | null, userId: unknown) =>
  post(t, removeUrl(confid), session, { user_id: userId }, 'json');

describe('GET /v1/web/conference/data/chair/list/{confid}', () => {
  it('answers the chairs by name with their addresses, to its chairs and administrators', async () => {
    const { chair, cochair, confid } = await conferenceWithCochair();
    const admin = await signedInUser(t, { role: 'admin' });
    const expected = {
      chairs: [
        { user_id: chair.user.id, name: 'Carla Chair', email: chair.user.email },
        { user_id: cochair.user.id, name: 'Cody Cochair', email: cochair.user.email },
      ],
    };
    for (const session of [chair.session, cochair.session, admin.session]) {
      const response = await get(t, listUrl(confid), session);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ConferenceChairsReply>()).toEqual(expected);
    }
  });

  it('refuses without a session (401) and anyone else (403)', async () => {
    const { confid } = await conferenceWithCochair();
    expect((await get(t, listUrl(confid), null)).statusCode).toBe(401);
    const other = await signedInUser(t);
    const refused = await get(t, listUrl(confid), other.session);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(notChair);
  });

  it('answers 404 for an unknown or malformed id and 422 for an overlong one (its params)', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    expect((await get(t, listUrl(999999), admin.session)).statusCode).toBe(404);
    expect((await get(t, listUrl('abc'), admin.session)).statusCode).toBe(404);
    expect((await get(t, listUrl('9'.repeat(31)), admin.session)).statusCode).toBe(422);
  });
});

describe('POST /v1/web/conference/data/chair/remove/{confid}', () => {
  it('lets a chair remove a co-chair, who then loses the conference; audited', async () => {
    const { chair, cochair, confid } = await conferenceWithCochair();
    const removed = await remove(confid, chair.session, cochair.user.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<ConferenceReply>()).toMatchObject({
      message: 'UPDATED',
      conference: { confid },
    });
    expect(await chairIdsOf(confid)).toEqual([chair.user.id]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'conference.remove-chair'), eq(auditLog.entityId, confid)));
    expect(audit).toMatchObject({
      actorUserId: chair.user.id,
      before: { chairUserId: cochair.user.id },
    });

    // The removed chair may neither see the chairs nor change the conference any more.
    expect((await get(t, listUrl(confid), cochair.session)).statusCode).toBe(403);
    const update = await post(
      t,
      `/v1/web/conference/data/update/${confid}`,
      cochair.session,
      { label: 'Taken over', reference_date: '' },
      'json',
    );
    expect(update.statusCode).toBe(403);
    const chaired = await get(t, '/v1/web/conference/data/list/chaired', cochair.session);
    expect(
      chaired.json<{ conferences: Array<{ confid: number }> }>().conferences.map((c) => c.confid),
    ).not.toContain(confid);
  });

  it('lets a chair remove themselves while another chair remains', async () => {
    const { chair, cochair, confid } = await conferenceWithCochair();
    const removed = await remove(confid, cochair.session, cochair.user.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await chairIdsOf(confid)).toEqual([chair.user.id]);
    expect((await remove(confid, cochair.session, chair.user.id)).statusCode).toBe(403);
  });

  it('refuses to remove the last chair and changes nothing, for a chair and an administrator', async () => {
    const { chair, cochair, confid } = await conferenceWithCochair();
    expect((await remove(confid, chair.session, cochair.user.id)).statusCode).toBe(200);
    const admin = await signedInUser(t, { role: 'admin' });
    for (const session of [chair.session, admin.session]) {
      const refused = await remove(confid, session, chair.user.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        message:
          'A conference needs at least one chair: name another chair before removing this one.',
      });
    }
    expect(await chairIdsOf(confid)).toEqual([chair.user.id]);
  });

  it('lets an administrator who does not chair it remove a chair', async () => {
    const { chair, cochair, confid } = await conferenceWithCochair();
    const admin = await signedInUser(t, { role: 'admin' });
    expect((await remove(confid, admin.session, chair.user.id)).statusCode).toBe(200);
    expect(await chairIdsOf(confid)).toEqual([cochair.user.id]);
  });

  it('refuses without a session (401) and anyone else (403), changing nothing', async () => {
    const { chair, cochair, confid } = await conferenceWithCochair();
    const before = await chairIdsOf(confid);
    expect((await remove(confid, null, cochair.user.id)).statusCode).toBe(401);
    const other = await signedInUser(t);
    const refused = await remove(confid, other.session, cochair.user.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(notChair);
    expect(await chairIdsOf(confid)).toEqual(before);
    expect(before).toEqual([chair.user.id, cochair.user.id].sort((a, b) => a - b));
  });

  it('answers 404 for an unknown conference or someone who does not chair it, 422 for malformed ids', async () => {
    const { chair, confid } = await conferenceWithCochair();
    const admin = await signedInUser(t, { role: 'admin' });
    expect((await remove(999999, admin.session, chair.user.id)).statusCode).toBe(404);
    expect((await remove('abc', admin.session, chair.user.id)).statusCode).toBe(404);
    expect((await remove('9'.repeat(31), admin.session, chair.user.id)).statusCode).toBe(422);
    const stranger = await signedInUser(t);
    const notAChair = await remove(confid, chair.session, stranger.user.id);
    expect(notAChair.statusCode).toBe(404);
    expect(notAChair.json()).toEqual({ message: 'This account does not chair this conference.' });
    for (const userId of ['abc', 0, -1, null]) {
      expect((await remove(confid, chair.session, userId)).statusCode).toBe(422);
    }
    expect((await chairIdsOf(confid)).length).toBe(2);
  });
});

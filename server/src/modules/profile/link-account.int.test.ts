// Linking a DBLP person (docs/api.md, POST /v1/web/user/linkaccount): a DBLP-only person
// imported before the researcher signed up becomes part of the account once, when an
// administrator confirms the claim the link opens (docs/dblp.md, "Claims").
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { confirmOpenClaimOf, queuedClaimOf } from '../../../test/dblp-claim-requests.ts';
import type { Tokens } from '../../../test/factories.ts';
import {
  bearer,
  buildAffiliation,
  buildDblpPerson,
  buildInstitution,
  buildNotification,
  buildUser,
} from '../../../test/factories.ts';
import {
  affiliationRow,
  getFullProfile,
  linkAccount,
  profileForm,
  saveProfile,
  signedInUser,
  snapshotDatabase,
} from '../../../test/profile-requests.ts';
import { auditLog, jobs, users } from '../../db/schema.ts';
import { claimMessages } from '../dblp-claims/dblp-claims.service.ts';

let t: TestApp;
let admin: Tokens;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedInUser(t, { role: 'admin' })).session;
});
afterAll(() => t.close());

const urlOf = (pid: string) => `https://dblp.org/pid/${pid}`;
const linkError = (status: number, reason: string) => ({
  status,
  body: { message: messages.linkError, errors: { DBLPUrl: [reason] } },
});

async function findUser(id: number) {
  const [user] = await t.db.select().from(users).where(eq(users.id, id));
  return user;
}

async function crawlJobs(userId: number) {
  const rows = await t.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(eq(jobs.kind, 'dblp.crawl-person'));
  return rows
    .map((row) => row.payload as { userId: number; pid: string })
    .filter((payload) => payload.userId === userId);
}

/** A DBLP-only person with an affiliation and a notification of their own. */
async function dblpPersonWithData(pid: string) {
  const person = await buildDblpPerson(t.db, {
    dblpPid: pid,
    dblpName: 'Leslie Lamport',
    firstName: 'Leslie',
    lastName: 'Lamport',
  });
  const institution = await buildInstitution(t.db, { name: `SRI International ${pid}` });
  const affiliation = await buildAffiliation(t.db, person.id, {
    institutionId: institution.id,
    startDate: '1977-01-01',
    endDate: '1985-01-01',
    isCurrent: false,
  });
  const notification = await buildNotification(t.db, person.id, { message: 'Imported for you' });
  return { person, institution, affiliation, notification };
}

describe('POST /v1/web/user/linkaccount', () => {
  it('moves the DBLP-only person to the account once: their data, their pid, and a crawl', async () => {
    const { user, session } = await signedInUser(t, { firstName: 'Les', lastName: 'L.' });
    const own = await buildInstitution(t.db);
    await saveProfile(t, session, profileForm(user, [affiliationRow(own.id)]));
    const pid = `l/LeslieLamport${user.id}`;
    const { person, affiliation, notification } = await dblpPersonWithData(pid);

    const saved = await saveProfile(
      t,
      session,
      profileForm(user, [affiliationRow(own.id)], { dblp_url: urlOf(pid) }),
    );
    expect(saved.json()).toMatchObject({ fake_user_link: 'Yes', fake_user_dblp: urlOf(pid) });

    const response = await linkAccount(t, session, saved.json().fake_user_dblp);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'UPDATED' });
    // Nothing moves until an administrator confirms the claim.
    expect(await findUser(person.id)).toMatchObject({ kind: 'dblp_only', dblpPid: pid });
    expect(await crawlJobs(user.id)).toEqual([]);
    await confirmOpenClaimOf(t, admin, user.id);

    const profile = (await getFullProfile(t, session)).json();
    expect(profile).toMatchObject({
      FName: 'Les',
      SName: 'L.',
      dblp_url: urlOf(pid),
      dblp_name: 'Leslie Lamport',
    });
    expect(profile.institutionData.map((row: { id: number }) => row.id)).toContain(affiliation.id);
    expect(profile.institutionData).toHaveLength(2);
    const dashboard = await t.app.inject({ url: '/v1/web/user/profile', headers: bearer(session) });
    // The DBLP-only person's notification, and the one telling of the confirmation.
    expect(dashboard.json().Notifications).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ notify_message: claimMessages.confirmed(urlOf(pid)) }),
      }),
      expect.objectContaining({ id: notification.id }),
    ]);
    expect(await findUser(person.id)).toBeUndefined();
    expect(await crawlJobs(user.id)).toEqual([{ userId: user.id, pid }]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.merge-dblp-person'), eq(auditLog.entityId, user.id)));
    expect(audit).toMatchObject([
      {
        actorUserId: user.id,
        before: { fromUserId: person.id, dblpPid: pid },
        after: { moved: { 'affiliations.user_id': 1, 'notifications.user_id': 1 } },
      },
    ]);

    // Once only: linking again finds nothing left to move and changes nothing.
    const before = await snapshotDatabase(t.db, user.id);
    const again = await linkAccount(t, session, urlOf(pid));
    expect({ status: again.statusCode, body: again.json() }).toEqual(
      linkError(422, messages.dblpAlreadyLinked),
    );
    expect(await snapshotDatabase(t.db, user.id)).toEqual(before);
  });

  it('only claims a pid another registered account holds: the owner keeps it until an administrator decides', async () => {
    const { user, session } = await signedInUser(t);
    const owner = await buildUser(t.db, { dblpPid: `o/Owner${Date.now()}` });
    const before = await snapshotDatabase(t.db, user.id);
    const ownerBefore = await findUser(owner.id);
    const response = await linkAccount(t, session, urlOf(owner.dblpPid!));
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 200,
      body: { message: 'UPDATED' },
    });
    expect((await snapshotDatabase(t.db, user.id)).user).toEqual(before.user);
    expect(await findUser(owner.id)).toEqual(ownerBefore);
    expect(await queuedClaimOf(t, admin, user.id)).toMatchObject({
      holder: { id: owner.id, kind: 'registered' },
    });
  });

  it('gives a second account nothing of a DBLP person already joined to another one', async () => {
    const first = await signedInUser(t);
    const second = await signedInUser(t);
    const pid = `s/Second${first.user.id}`;
    const { affiliation } = await dblpPersonWithData(pid);
    expect((await linkAccount(t, first.session, urlOf(pid))).statusCode).toBe(200);
    await confirmOpenClaimOf(t, admin, first.user.id);
    const response = await linkAccount(t, second.session, urlOf(pid));
    expect(response.statusCode).toBe(200);
    const [row] = (await getFullProfile(t, first.session)).json().institutionData;
    expect(row.id).toBe(affiliation.id);
    expect((await getFullProfile(t, second.session)).json().institutionData).toEqual([]);
    expect((await findUser(first.user.id))!.dblpPid).toBe(pid);
    expect((await findUser(second.user.id))!.dblpPid).toBeNull();
  });

  it('gives the person to nobody when two accounts link at the same moment: both claims are disputed', async () => {
    const people = await Promise.all([signedInUser(t), signedInUser(t)]);
    const pid = `r/Race${people[0].user.id}`;
    const { person } = await dblpPersonWithData(pid);
    const responses = await Promise.all(
      people.map((someone) => linkAccount(t, someone.session, urlOf(pid))),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(await findUser(person.id)).toMatchObject({ kind: 'dblp_only', dblpPid: pid });
    const states = await Promise.all(
      people.map(async (someone) => (await queuedClaimOf(t, admin, someone.user.id))?.state),
    );
    expect(states).toEqual(['disputed', 'disputed']);
    const holders = await t.db.select({ id: users.id }).from(users).where(eq(users.dblpPid, pid));
    expect(holders).toEqual([{ id: person.id }]);
  });

  it('stores a pid nobody holds yet, and queues its crawl, once the claim is confirmed', async () => {
    const { user, session } = await signedInUser(t);
    const pid = `n/Nobody${user.id}`;
    const response = await linkAccount(t, session, `dblp.org/pid/${pid}.xml`);
    expect(response.json()).toEqual({ message: 'UPDATED' });
    expect((await getFullProfile(t, session)).json()).toMatchObject({
      dblp_url: urlOf(pid),
      dblp_claim: { state: 'provisional' },
    });
    expect(await crawlJobs(user.id)).toEqual([]);
    await confirmOpenClaimOf(t, admin, user.id);
    expect((await getFullProfile(t, session)).json()).toMatchObject({
      dblp_url: urlOf(pid),
      dblp_claim: null,
    });
    expect(await crawlJobs(user.id)).toEqual([{ userId: user.id, pid }]);
  });

  it.each([
    ['no URL', undefined],
    ['a blank URL', '  '],
    ['a URL that is not a DBLP person page', 'https://dblp.org/db/conf/isca/index.html'],
    ['a URL of another site', 'https://example.org/pid/1/2'],
  ])("answers %s with 'Error:' and the DBLP URL message, changing nothing", async (_case, url) => {
    const { user, session } = await signedInUser(t);
    const before = await snapshotDatabase(t.db, user.id);
    const response = await linkAccount(t, session, url);
    expect({ status: response.statusCode, body: response.json() }).toEqual(
      linkError(422, messages.dblpUrlInvalid),
    );
    expect(await snapshotDatabase(t.db, user.id)).toEqual(before);
  });

  it('answers 401 Unauthorized without a token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/web/user/linkaccount',
      payload: { DBLPUrl: urlOf('1/2') },
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toBe('Unauthorized');
  });
});

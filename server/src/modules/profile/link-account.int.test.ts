// Linking a DBLP person (SPEC section 2, Profile edit; section 7, POST /v1/web/user/linkaccount):
// a DBLP-only person imported before the researcher signed up becomes part of the account once.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
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

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
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
    expect(dashboard.json().Notifications).toEqual([
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

  it('refuses a pid another registered account holds (409) and changes nothing', async () => {
    const { user, session } = await signedInUser(t);
    const owner = await buildUser(t.db, { dblpPid: `o/Owner${Date.now()}` });
    const before = await snapshotDatabase(t.db, user.id);
    const ownerBefore = await findUser(owner.id);
    const response = await linkAccount(t, session, urlOf(owner.dblpPid!));
    expect({ status: response.statusCode, body: response.json() }).toEqual(
      linkError(409, messages.dblpTaken),
    );
    expect(await snapshotDatabase(t.db, user.id)).toEqual(before);
    expect(await findUser(owner.id)).toEqual(ownerBefore);
  });

  it('refuses a second account the DBLP person already linked to another one', async () => {
    const first = await signedInUser(t);
    const second = await signedInUser(t);
    const pid = `s/Second${first.user.id}`;
    const { affiliation } = await dblpPersonWithData(pid);
    expect((await linkAccount(t, first.session, urlOf(pid))).statusCode).toBe(200);
    const response = await linkAccount(t, second.session, urlOf(pid));
    expect({ status: response.statusCode, body: response.json() }).toEqual(
      linkError(409, messages.dblpTaken),
    );
    const [row] = (await getFullProfile(t, first.session)).json().institutionData;
    expect(row.id).toBe(affiliation.id);
    expect((await getFullProfile(t, second.session)).json().institutionData).toEqual([]);
  });

  it('gives the person to exactly one of two accounts linking at the same moment', async () => {
    const people = await Promise.all([signedInUser(t), signedInUser(t)]);
    const pid = `r/Race${people[0].user.id}`;
    const { person } = await dblpPersonWithData(pid);
    const responses = await Promise.all(
      people.map((someone) => linkAccount(t, someone.session, urlOf(pid))),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await findUser(person.id)).toBeUndefined();
    const winner = people[responses.findIndex((response) => response.statusCode === 200)]!;
    expect((await findUser(winner.user.id))!.dblpPid).toBe(pid);
    const holders = await t.db.select({ id: users.id }).from(users).where(eq(users.dblpPid, pid));
    expect(holders).toEqual([{ id: winner.user.id }]);
  });

  it('stores a pid nobody holds yet and queues its crawl', async () => {
    const { user, session } = await signedInUser(t);
    const pid = `n/Nobody${user.id}`;
    const response = await linkAccount(t, session, `dblp.org/pid/${pid}.xml`);
    expect(response.json()).toEqual({ message: 'UPDATED' });
    expect((await getFullProfile(t, session)).json().dblp_url).toBe(urlOf(pid));
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

// DBLP claims (docs/dblp.md, "Claims"; docs/security.md section 6): a DBLP URL typed on the
// profile proves nothing, so the DBLP person and their co-authorships join the account only
// when an administrator confirms the claim; an administrator may reject it; the account that
// holds the DBLP person may dispute it; only administrators decide.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dblpClaimMessages } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  claimQueue,
  confirmClaim,
  disputeClaim,
  ownClaims,
  queuedClaimOf,
  queuedClaims,
  rejectClaim,
} from '../../../test/dblp-claim-requests.ts';
import type { Tokens } from '../../../test/factories.ts';
import {
  bearer,
  buildAffiliation,
  buildDblpPerson,
  buildInstitution,
  buildRelation,
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
import { listRelations, post } from '../../../test/relation-requests.ts';
import { dblpClaims, jobs, users } from '../../db/schema.ts';
import type { User } from '../../db/schema.ts';
import { claimMessages } from './dblp-claims.service.ts';

let t: TestApp;
let admin: Tokens;
let institutionId: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedInUser(t, { role: 'admin' })).session;
  institutionId = (await buildInstitution(t.db)).id;
});
afterAll(() => t.close());

const urlOf = (pid: string) => `https://dblp.org/pid/${pid}`;

/** The user's valid profile form (one affiliation) with a DBLP URL. */
const withDblpUrl = (user: User, url: string) =>
  profileForm(user, [affiliationRow(institutionId)], { dblp_url: url });

async function findUser(id: number) {
  const [user] = await t.db.select().from(users).where(eq(users.id, id));
  return user;
}

async function crawlJobsOf(userId: number) {
  const rows = await t.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(eq(jobs.kind, 'dblp.crawl-person'));
  return rows
    .map((row) => row.payload as { userId: number; pid: string })
    .filter((payload) => payload.userId === userId);
}

/** The titles of the co-authored publications the account's relations list shows. */
async function coauthoredTitles(session: Tokens): Promise<string[]> {
  const list = (await listRelations(t, session)).json();
  const rows = (list.relations?.['3'] ?? []) as Array<{ publication_name: string }>;
  return rows.map((row) => row.publication_name).sort();
}

async function notificationsOf(session: Tokens) {
  const response = await t.app.inject({ url: '/v1/web/user/profile', headers: bearer(session) });
  return response.json().Notifications as Array<{
    data: { notify_message: string; reject_reason: string };
  }>;
}

/** A DBLP-only person with a co-authored paper (validated by the co-author) and an affiliation. */
async function dblpPersonWithPaper(title: string) {
  const person = await buildDblpPerson(t.db, { firstName: 'Barbara', lastName: 'Liskov' });
  const coauthor = await buildUser(t.db);
  await buildRelation(t.db, {
    creator: person,
    parties: [{ user: coauthor, status: 1 }],
    title,
    overrides: { source: 'DBLP', isDblpImported: true },
  });
  await buildAffiliation(t.db, person.id);
  return person;
}

describe('a claim of a DBLP person by URL', () => {
  it('gives the claimer nothing of the person until an administrator confirms it', async () => {
    const claimer = await signedInUser(t, { firstName: 'Mallory', lastName: 'M.' });
    const title = `Abstraction Mechanisms in CLU ${claimer.user.id}`;
    const person = await dblpPersonWithPaper(title);
    const pid = person.dblpPid!;

    const saved = await saveProfile(t, claimer.session, withDblpUrl(claimer.user, urlOf(pid)));
    expect(saved.json()).toMatchObject({ message: 'UPDATED', fake_user_link: 'Yes' });
    const linked = await linkAccount(t, claimer.session, urlOf(pid));
    expect({ status: linked.statusCode, body: linked.json() }).toEqual({
      status: 200,
      body: { message: 'UPDATED' },
    });

    // Provisional: the person is untouched and nothing of theirs is the claimer's.
    expect(await findUser(person.id)).toMatchObject({ kind: 'dblp_only', dblpPid: pid });
    expect((await findUser(claimer.user.id))!.dblpPid).toBeNull();
    expect(await coauthoredTitles(claimer.session)).toEqual([]);
    expect(await crawlJobsOf(claimer.user.id)).toEqual([]);
    const profile = (await getFullProfile(t, claimer.session)).json();
    expect(profile).toMatchObject({
      dblp_url: urlOf(pid),
      dblp_name: '',
      dblp_claim: { state: 'provisional', dblp_url: urlOf(pid) },
    });
    expect(profile.institutionData).toHaveLength(1);
    expect((await ownClaims(t, claimer.session)).json()).toMatchObject({
      claim: { state: 'provisional', dblpUrl: urlOf(pid) },
      claimsOnMine: [],
    });

    // Saving the same form again keeps the one claim.
    await saveProfile(t, claimer.session, withDblpUrl(claimer.user, urlOf(pid)));
    const queued = await queuedClaimOf(t, admin, claimer.user.id);
    expect(queued).toMatchObject({
      state: 'provisional',
      pid,
      dblpUrl: urlOf(pid),
      claimant: { id: claimer.user.id, name: 'Mallory M.', email: claimer.user.email },
      holder: { id: person.id, kind: 'dblp_only' },
      disputedBy: null,
    });

    // Confirmed: the person joins the account, which is crawled and told.
    const confirmed = await confirmClaim(t, admin, queued!.id);
    expect({ status: confirmed.statusCode, body: confirmed.json() }).toEqual({
      status: 200,
      body: { message: 'SUCCESS', state: 'confirmed' },
    });
    expect(await findUser(person.id)).toBeUndefined();
    expect((await findUser(claimer.user.id))!.dblpPid).toBe(pid);
    expect(await coauthoredTitles(claimer.session)).toEqual([title]);
    expect(await crawlJobsOf(claimer.user.id)).toEqual([{ userId: claimer.user.id, pid }]);
    const after = (await getFullProfile(t, claimer.session)).json();
    expect(after).toMatchObject({ dblp_url: urlOf(pid), dblp_claim: null });
    expect(after.institutionData).toHaveLength(2);
    expect((await notificationsOf(claimer.session))[0]!.data.notify_message).toBe(
      claimMessages.confirmed(urlOf(pid)),
    );
    expect(await queuedClaimOf(t, admin, claimer.user.id)).toBeUndefined();
    const [row] = await t.db.select().from(dblpClaims).where(eq(dblpClaims.id, queued!.id));
    expect(row).toMatchObject({ state: 'confirmed', proof: 'admin' });

    // Decided once.
    const again = await confirmClaim(t, admin, queued!.id);
    expect({ status: again.statusCode, body: again.json() }).toEqual({
      status: 409,
      body: { message: claimMessages.alreadyDecided },
    });
  });

  it('stores a pid nobody holds only once confirmed, and a rejection leaves the account as it was', async () => {
    const claimer = await signedInUser(t);
    const pid = `n/Nobody${claimer.user.id}`;
    const saved = await saveProfile(t, claimer.session, withDblpUrl(claimer.user, urlOf(pid)));
    expect(saved.json()).toEqual({ message: 'UPDATED' });
    expect((await findUser(claimer.user.id))!.dblpPid).toBeNull();
    expect(await crawlJobsOf(claimer.user.id)).toEqual([]);
    const queued = await queuedClaimOf(t, admin, claimer.user.id);
    expect(queued).toMatchObject({ state: 'provisional', pid, holder: null });

    const missingReason = await rejectClaim(t, admin, queued!.id, '  ');
    expect(missingReason.statusCode).toBe(422);
    const rejected = await rejectClaim(t, admin, queued!.id, 'DBLP lists another person.');
    expect({ status: rejected.statusCode, body: rejected.json() }).toEqual({
      status: 200,
      body: { message: 'SUCCESS', state: 'rejected' },
    });
    expect((await findUser(claimer.user.id))!.dblpPid).toBeNull();
    expect(await crawlJobsOf(claimer.user.id)).toEqual([]);
    expect((await getFullProfile(t, claimer.session)).json()).toMatchObject({
      dblp_url: '',
      dblp_claim: null,
    });
    const [notice] = await notificationsOf(claimer.session);
    expect(notice!.data).toMatchObject({
      notify_message: claimMessages.rejected(urlOf(pid)),
      reject_reason: 'DBLP lists another person.',
    });
    expect(await queuedClaimOf(t, admin, claimer.user.id)).toBeUndefined();
    expect((await confirmClaim(t, admin, queued!.id)).statusCode).toBe(409);
  });

  it('withdraws the open claim when the profile saves another DBLP URL or none', async () => {
    const claimer = await signedInUser(t);
    const first = `w/First${claimer.user.id}`;
    const second = `w/Second${claimer.user.id}`;
    await saveProfile(t, claimer.session, withDblpUrl(claimer.user, urlOf(first)));
    await saveProfile(t, claimer.session, withDblpUrl(claimer.user, urlOf(second)));
    expect(await queuedClaimOf(t, admin, claimer.user.id)).toMatchObject({ pid: second });
    await saveProfile(t, claimer.session, withDblpUrl(claimer.user, ''));
    expect(await queuedClaimOf(t, admin, claimer.user.id)).toBeUndefined();
    const states = await t.db
      .select({ pid: dblpClaims.pid, state: dblpClaims.state })
      .from(dblpClaims)
      .where(eq(dblpClaims.userId, claimer.user.id))
      .orderBy(dblpClaims.id);
    expect(states).toEqual([
      { pid: first, state: 'withdrawn' },
      { pid: second, state: 'withdrawn' },
    ]);
  });
});

describe('disputes', () => {
  it('lets the account holding the DBLP person dispute a new claim, which goes to the admin queue', async () => {
    const owner = await signedInUser(t, {
      dblpPid: `o/Owner${Date.now()}`,
      firstName: 'Olga',
      lastName: 'Owner',
    });
    const pid = owner.user.dblpPid!;
    const claimer = await signedInUser(t);
    const ownerBefore = await snapshotDatabase(t.db, owner.user.id);

    // The claim is taken (no longer refused), changes nothing of the owner's, and tells them.
    const linked = await linkAccount(t, claimer.session, urlOf(pid));
    expect(linked.json()).toEqual({ message: 'UPDATED' });
    expect((await findUser(owner.user.id))!.dblpPid).toBe(pid);
    expect((await findUser(claimer.user.id))!.dblpPid).toBeNull();
    expect((await notificationsOf(owner.session))[0]!.data.notify_message).toBe(
      claimMessages.claimedFromYou(urlOf(pid)),
    );
    const { claimsOnMine } = (await ownClaims(t, owner.session)).json();
    expect(claimsOnMine).toMatchObject([{ state: 'provisional', dblpUrl: urlOf(pid) }]);
    const claimId = claimsOnMine[0].id as number;

    // Only the holder may dispute; anyone else is told there is no such claim.
    const bystander = await signedInUser(t);
    expect((await disputeClaim(t, bystander.session, claimId, 'Mine.')).statusCode).toBe(404);
    expect((await disputeClaim(t, claimer.session, claimId, 'Mine.')).statusCode).toBe(404);
    expect((await disputeClaim(t, owner.session, claimId, '')).statusCode).toBe(422);

    const disputed = await disputeClaim(t, owner.session, claimId, 'This is my DBLP profile.');
    expect({ status: disputed.statusCode, body: disputed.json() }).toEqual({
      status: 200,
      body: { message: 'SUCCESS', state: 'disputed' },
    });
    expect(await queuedClaimOf(t, admin, claimer.user.id)).toMatchObject({
      id: claimId,
      state: 'disputed',
      holder: { id: owner.user.id, kind: 'registered' },
      disputedBy: { id: owner.user.id, name: 'Olga Owner' },
      disputeReason: 'This is my DBLP profile.',
    });

    // The administrator rejects it: the owner keeps everything.
    expect((await rejectClaim(t, admin, claimId, 'The owner proved it.')).statusCode).toBe(200);
    expect((await findUser(owner.user.id))!.dblpPid).toBe(pid);
    const ownerAfter = await snapshotDatabase(t.db, owner.user.id);
    expect(ownerAfter.user).toEqual(ownerBefore.user);
    expect((await ownClaims(t, owner.session)).json().claimsOnMine).toEqual([]);
  });

  it('marks two accounts claiming the same DBLP person as disputing each other', async () => {
    const people = await Promise.all([signedInUser(t), signedInUser(t)]);
    const person = await buildDblpPerson(t.db);
    for (const someone of people) {
      expect((await linkAccount(t, someone.session, urlOf(person.dblpPid!))).statusCode).toBe(200);
    }
    for (const someone of people) {
      expect(await queuedClaimOf(t, admin, someone.user.id)).toMatchObject({
        state: 'disputed',
        holder: { id: person.id, kind: 'dblp_only' },
      });
    }
    expect(await findUser(person.id)).toMatchObject({ kind: 'dblp_only' });
  });
});

describe('the administrator calls', () => {
  it('refuse everyone but administrators (403; 401 without a token), changing nothing', async () => {
    const member = await signedInUser(t);
    const claimer = await signedInUser(t);
    await linkAccount(t, claimer.session, urlOf(`m/Member${claimer.user.id}`));
    const claim = await queuedClaimOf(t, admin, claimer.user.id);

    for (const session of [member.session, claimer.session]) {
      const list = await claimQueue(t, session);
      expect({ status: list.statusCode, body: list.json() }).toEqual({
        status: 403,
        body: { message: claimMessages.onlyAdministrators },
      });
      expect((await confirmClaim(t, session, claim!.id)).statusCode).toBe(403);
      expect((await rejectClaim(t, session, claim!.id, 'No.')).statusCode).toBe(403);
    }
    expect((await claimQueue(t, null)).statusCode).toBe(401);
    expect((await confirmClaim(t, null, claim!.id)).statusCode).toBe(401);
    expect((await rejectClaim(t, null, claim!.id, 'No.')).statusCode).toBe(401);
    expect(await queuedClaimOf(t, admin, claimer.user.id)).toEqual(claim);
    expect((await findUser(claimer.user.id))!.dblpPid).toBeNull();
  });

  it.each([
    ['no id', undefined, 422],
    ['a word', 'abc', 422],
    ['zero', 0, 422],
    ['an unknown id', 2_000_000_000, 404],
  ])('answer %s with a clear refusal, never a 500', async (_case, claimId, status) => {
    const confirm = await confirmClaim(t, admin, claimId as number);
    expect(confirm.statusCode).toBe(status);
    const reject = await rejectClaim(t, admin, claimId as number, 'Because.');
    expect(reject.statusCode).toBe(status);
  });

  it('list every claim awaiting a decision, oldest first', async () => {
    const claims = await queuedClaims(t, admin);
    expect(claims.every((claim) => ['provisional', 'disputed'].includes(claim.state))).toBe(true);
    const ids = claims.map((claim) => claim.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});

describe('proof by ORCID sign-in, on a server without ORCID_CLIENT_ID', () => {
  it('is not offered, and both of its calls say it is not configured', async () => {
    const claimer = await signedInUser(t);
    await linkAccount(t, claimer.session, urlOf(`n/NoOrcid${claimer.user.id}`));
    expect((await getFullProfile(t, claimer.session)).json().dblp_claim).toMatchObject({
      state: 'provisional',
      can_confirm_with_orcid: false,
    });
    const notConfigured = { status: 409, body: { message: dblpClaimMessages.orcidNotConfigured } };
    const started = await post(t, '/v1/web/user/dblp-claims/orcid/start', claimer.session, {});
    expect({ status: started.statusCode, body: started.json() }).toEqual(notConfigured);
    const finished = await post(t, '/v1/web/user/dblp-claims/orcid/finish', claimer.session, {
      code: 'a-code',
      state: 'a-state',
    });
    expect({ status: finished.statusCode, body: finished.json() }).toEqual(notConfigured);
    expect((await post(t, '/v1/web/user/dblp-claims/orcid/start', null, {})).statusCode).toBe(401);
    expect(await queuedClaimOf(t, admin, claimer.user.id)).toMatchObject({ state: 'provisional' });
  });
});

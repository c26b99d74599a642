// The claimant's own proof of a DBLP claim by ORCID sign-in (docs/dblp.md, "Claims";
// docs/security.md, section 6), against a local DBLP serving real per-person XML and a local
// ORCID token endpoint: an ORCID iD the DBLP page lists confirms the claim as an administrator
// would; anything else leaves it open and says why; the sign-in's state is the caller's alone
// and works once; a disputed claim is left to an administrator; the log holds no secret.
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dblpClaimMessages } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { queuedClaimOf, rejectClaim } from '../../../test/dblp-claim-requests.ts';
import type { DblpFixtureServer } from '../../../test/dblp-fixture-server.ts';
import {
  diXuPid,
  sarielOrcidId,
  sarielPid,
  startDblpFixtureServer,
} from '../../../test/dblp-fixture-server.ts';
import type { Tokens } from '../../../test/factories.ts';
import { bearer, buildDblpPerson, buildRelation, buildUser } from '../../../test/factories.ts';
import type { OrcidFixtureServer } from '../../../test/orcid-fixture-server.ts';
import { startOrcidFixtureServer } from '../../../test/orcid-fixture-server.ts';
import { getFullProfile, linkAccount, signedInUser } from '../../../test/profile-requests.ts';
import { listRelations, post } from '../../../test/relation-requests.ts';
import { auditLog, dblpClaims, jobs, tokens, users } from '../../db/schema.ts';
import { crawlerUserAgent } from '../../dblp/crawl/crawl-person.ts';
import { hashSecret } from '../auth/secrets.ts';
import { claimMessages } from './dblp-claims.service.ts';

const clientId = 'APP-RECUSE-TEST';
const clientSecret = 'orcid-client-secret-for-tests';
const startPath = '/v1/web/user/dblp-claims/orcid/start';
const finishPath = '/v1/web/user/dblp-claims/orcid/finish';
/** Someone else's iD: the ORCID sign-in of a person DBLP does not list on the page. */
const otherOrcidId = '0000-0002-1825-0097';

let dblp: DblpFixtureServer;
let orcid: OrcidFixtureServer;
let t: TestApp;
let admin: Tokens;
const logLines: string[] = [];
/** Every code and state the tests send, to look for in the log at the end. */
const secretsSent: string[] = [];

beforeAll(async () => {
  dblp = await startDblpFixtureServer();
  orcid = await startOrcidFixtureServer();
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await buildTestApp(
    {
      LOG_LEVEL: 'info',
      DBLP_BASE_URL: dblp.baseUrl,
      DBLP_CRAWL_DELAY_MS: '100',
      DBLP_TIMEOUT_MS: '2000',
      ORCID_CLIENT_ID: clientId,
      ORCID_CLIENT_SECRET: clientSecret,
      ORCID_BASE_URL: orcid.baseUrl,
    },
    { logStream },
  );
  admin = (await signedInUser(t, { role: 'admin' })).session;
});
afterAll(async () => {
  await t.close();
  await Promise.all([dblp.close(), orcid.close()]);
});

const urlOf = (pid: string) => `https://dblp.org/pid/${pid}`;

/** A signed-in account with an open claim of the pid (linkaccount, as the profile does). */
async function claimant(pid: string, overrides: Parameters<typeof buildUser>[1] = {}) {
  const someone = await signedInUser(t, overrides);
  const linked = await linkAccount(t, someone.session, urlOf(pid));
  if (linked.statusCode !== 200) throw new Error(`link: ${linked.body}`);
  return someone;
}

/** Starts an ORCID sign-in; answers the call and the state ORCID would send back. */
async function start(session: Tokens | null) {
  const response = await post(t, startPath, session, {});
  const url = response.statusCode === 200 ? new URL(response.json<{ url: string }>().url) : null;
  const state = url?.searchParams.get('state') ?? '';
  if (state) secretsSent.push(state);
  return { response, url, state };
}

async function finish(session: Tokens | null, fields: { code?: string; state?: string }) {
  secretsSent.push(...[fields.code, fields.state].filter((value): value is string => !!value));
  return post(t, finishPath, session, fields);
}

/** Signs in at ORCID as `orcidId` after starting, and comes back: the finish call's answer. */
async function signInWithOrcid(session: Tokens, orcidId: string) {
  const { state } = await start(session);
  return finish(session, { code: orcid.issueCode(orcidId), state });
}

const answerOf = (response: { statusCode: number; json: () => unknown }) => ({
  status: response.statusCode,
  body: response.json(),
});

async function claimRow(userId: number) {
  const rows = await t.db
    .select()
    .from(dblpClaims)
    .where(eq(dblpClaims.userId, userId))
    .orderBy(dblpClaims.id);
  return rows.at(-1);
}

async function findUser(id: number) {
  const [user] = await t.db.select().from(users).where(eq(users.id, id));
  return user;
}

async function auditOf(action: string, claimId: number) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, claimId)));
}

const tokenRequests = () => orcid.requests.filter((request) => request.path === '/oauth/token');

describe('POST /v1/web/user/dblp-claims/orcid/start', () => {
  it("answers ORCID's authorize URL for the caller's claim, keeping only the state's hash", async () => {
    const someone = await claimant(`s/Start${Date.now()}`);
    const { response, url, state } = await start(someone.session);
    expect(response.statusCode).toBe(200);
    expect(`${url!.origin}${url!.pathname}`).toBe(`${orcid.baseUrl}/oauth/authorize`);
    expect(Object.fromEntries(url!.searchParams)).toEqual({
      client_id: clientId,
      response_type: 'code',
      scope: '/authenticate',
      redirect_uri: 'http://recuse.test/dblp-claim/orcid',
      state,
    });
    expect(state).toMatch(/^[\w-]{43}$/);
    const stored = await t.db
      .select()
      .from(tokens)
      .where(and(eq(tokens.userId, someone.user.id), eq(tokens.kind, 'orcid_state')));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(hashSecret(state));
    expect(JSON.stringify(stored)).not.toContain(state);
    // Valid for minutes, not days.
    expect(stored[0]!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
  });

  it('offers the sign-in on the profile while the claim is provisional', async () => {
    const pid = `o/Offer${Date.now()}`;
    const someone = await claimant(pid);
    expect((await getFullProfile(t, someone.session)).json().dblp_claim).toEqual({
      state: 'provisional',
      dblp_url: urlOf(pid),
      can_confirm_with_orcid: true,
    });
  });

  it('lets one account start at most 20 sign-ins an hour', async () => {
    const someone = await claimant(`l/Limit${Date.now()}`);
    for (let started = 0; started < 20; started++) {
      expect((await start(someone.session)).response.statusCode).toBe(200);
    }
    const refused = (await start(someone.session)).response;
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses an account with no open claim, and a guest', async () => {
    const someone = await signedInUser(t);
    expect(answerOf((await start(someone.session)).response)).toEqual({
      status: 409,
      body: { message: dblpClaimMessages.noOpenClaim },
    });
    const guest = (await start(null)).response;
    expect({ status: guest.statusCode, body: guest.body }).toEqual({
      status: 401,
      body: 'Unauthorized',
    });
  });
});

describe('an ORCID iD the DBLP page lists', () => {
  it('confirms the claim as an administrator would: the DBLP person joins the account', async () => {
    const person = await buildDblpPerson(t.db, {
      dblpPid: sarielPid,
      dblpName: 'Sanem Sariel',
      firstName: 'Sanem',
      lastName: 'Sariel',
    });
    const coauthor = await buildUser(t.db);
    const title = 'Robust task scheduling for cooperating robots';
    await buildRelation(t.db, {
      creator: person,
      parties: [{ user: coauthor, status: 1 }],
      title,
      overrides: { source: 'DBLP', isDblpImported: true },
    });
    const someone = await claimant(sarielPid, { firstName: 'Sanem', lastName: 'Sariel' });
    const dblpRequestsBefore = dblp.requests.length;

    const { state } = await start(someone.session);
    const code = orcid.issueCode(sarielOrcidId, 'Sanem Sariel');
    const response = await finish(someone.session, { code, state });
    expect(answerOf(response)).toEqual({
      status: 200,
      body: { message: 'SUCCESS', state: 'confirmed', dblpUrl: urlOf(sarielPid) },
    });

    // ORCID was asked once, as its documentation says, with our client's credentials.
    expect(tokenRequests().at(-1)!.fields).toEqual({
      client_id: clientId,
      client_secret: clientSecret,
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://recuse.test/dblp-claim/orcid',
    });
    // DBLP was read as the crawler reads it: the per-person XML, with the crawler's User-Agent.
    expect(dblp.requests.slice(dblpRequestsBefore)).toEqual([
      expect.objectContaining({ path: '/pid/17/8399.xml', userAgent: crawlerUserAgent(t.config) }),
    ]);

    // The person joined the account: the pid, the co-authored paper, the crawl, the notice.
    expect(await findUser(person.id)).toBeUndefined();
    expect(await findUser(someone.user.id)).toMatchObject({ dblpPid: sarielPid });
    const list = (await listRelations(t, someone.session)).json();
    const titles = (list.relations['3'] as Array<{ publication_name: string }>).map(
      (row) => row.publication_name,
    );
    expect(titles).toEqual([title]);
    const crawls = await t.db.select().from(jobs).where(eq(jobs.kind, 'dblp.crawl-person'));
    expect(crawls.map((job) => job.payload)).toContainEqual({
      userId: someone.user.id,
      pid: sarielPid,
    });
    const profile = await t.app.inject({
      url: '/v1/web/user/profile',
      headers: bearer(someone.session),
    });
    expect(profile.json().Notifications[0].data.notify_message).toBe(
      claimMessages.confirmed(urlOf(sarielPid)),
    );
    expect((await getFullProfile(t, someone.session)).json()).toMatchObject({
      dblp_url: urlOf(sarielPid),
      dblp_claim: null,
    });

    // Recorded as proven by ORCID, by the claimant, with the iD; gone from the queue.
    const claim = await claimRow(someone.user.id);
    expect(claim).toMatchObject({
      state: 'confirmed',
      proof: 'orcid',
      decidedByUserId: someone.user.id,
    });
    const [audit] = await auditOf('dblp-claim.confirm', claim!.id);
    expect(audit).toMatchObject({
      actorUserId: someone.user.id,
      after: { state: 'confirmed', proof: 'orcid', orcidId: sarielOrcidId },
    });
    expect(await queuedClaimOf(t, admin, someone.user.id)).toBeUndefined();

    // The state worked once.
    const again = await finish(someone.session, { code: orcid.issueCode(sarielOrcidId), state });
    expect(answerOf(again)).toEqual({
      status: 404,
      body: { message: dblpClaimMessages.orcidLinkInvalid },
    });
  });
});

describe('an ORCID sign-in that does not prove the claim', () => {
  it('leaves the claim open when the page lists another iD, and says so', async () => {
    // Sanem Sariel's pid belongs to the account confirmed above; this claim is on it too.
    const someone = await claimant(sarielPid);
    const response = await signInWithOrcid(someone.session, otherOrcidId);
    expect(answerOf(response)).toEqual({
      status: 409,
      body: { message: dblpClaimMessages.orcidNotListed },
    });
    const claim = await claimRow(someone.user.id);
    expect(claim).toMatchObject({ state: 'provisional', proof: null });
    expect(await findUser(someone.user.id)).toMatchObject({ dblpPid: null });
    expect(await queuedClaimOf(t, admin, someone.user.id)).toMatchObject({ state: 'provisional' });
    const [audit] = await auditOf('dblp-claim.orcid-not-listed', claim!.id);
    expect(audit).toMatchObject({
      actorUserId: someone.user.id,
      after: { orcidId: otherOrcidId, listed: [sarielOrcidId] },
    });
    // An administrator still decides it.
    expect((await rejectClaim(t, admin, claim!.id, 'Not on the DBLP page.')).statusCode).toBe(200);
  });

  it('leaves the claim open when the DBLP page lists no ORCID iD at all', async () => {
    const someone = await claimant(diXuPid);
    const response = await signInWithOrcid(someone.session, sarielOrcidId);
    expect(answerOf(response)).toEqual({
      status: 409,
      body: { message: dblpClaimMessages.noOrcidListed },
    });
    expect(await claimRow(someone.user.id)).toMatchObject({ state: 'provisional' });
    expect(await findUser(someone.user.id)).toMatchObject({ dblpPid: null });
  });

  it('leaves the claim open when DBLP has no such person', async () => {
    const someone = await claimant(`g/Gone${Date.now()}`);
    const response = await signInWithOrcid(someone.session, sarielOrcidId);
    expect(answerOf(response)).toEqual({
      status: 409,
      body: { message: dblpClaimMessages.dblpPersonGone },
    });
    expect(await claimRow(someone.user.id)).toMatchObject({ state: 'provisional' });
  });

  it('leaves the claim open when ORCID refuses the code, and the state is spent', async () => {
    const someone = await claimant(`r/Refused${Date.now()}`);
    const { state } = await start(someone.session);
    const refused = await finish(someone.session, { code: 'not-a-code-ORCID-issued', state });
    expect(answerOf(refused)).toEqual({
      status: 409,
      body: { message: dblpClaimMessages.orcidRefused },
    });
    const retried = await finish(someone.session, { code: orcid.issueCode(sarielOrcidId), state });
    expect(retried.statusCode).toBe(404);
    expect(await claimRow(someone.user.id)).toMatchObject({ state: 'provisional' });
  });

  it('says ORCID or DBLP could not be reached when either fails, a 502 and never a 500', async () => {
    const someone = await claimant(sarielPid);
    orcid.failNext(500);
    expect(answerOf(await signInWithOrcid(someone.session, sarielOrcidId))).toEqual({
      status: 502,
      body: { message: dblpClaimMessages.orcidUnreachable },
    });
    dblp.script(sarielPid, { status: 503, body: 'Service Unavailable' });
    expect(answerOf(await signInWithOrcid(someone.session, sarielOrcidId))).toEqual({
      status: 502,
      body: { message: dblpClaimMessages.dblpUnreachable },
    });
    expect(await claimRow(someone.user.id)).toMatchObject({ state: 'provisional' });
    const claim = await claimRow(someone.user.id);
    await rejectClaim(t, admin, claim!.id, 'Tidying up.');
  });
});

describe("the sign-in's state", () => {
  it("is refused when it is someone else's, made up, expired or replaced, without asking ORCID", async () => {
    const owner = await claimant(`t/Owner${Date.now()}`);
    const other = await claimant(`t/Other${Date.now()}`);
    const { state } = await start(owner.session);
    const asked = tokenRequests().length;
    const refused = { status: 404, body: { message: dblpClaimMessages.orcidLinkInvalid } };

    const foreign = await finish(other.session, { code: orcid.issueCode(sarielOrcidId), state });
    expect(answerOf(foreign)).toEqual(refused);
    const madeUp = await finish(owner.session, {
      code: orcid.issueCode(sarielOrcidId),
      state: 'a-state-nobody-was-given-000000000000000000',
    });
    expect(answerOf(madeUp)).toEqual(refused);

    // Someone else's try did not spend it; a new start replaces it.
    const [stored] = await t.db
      .select()
      .from(tokens)
      .where(eq(tokens.tokenHash, hashSecret(state)));
    expect(stored).toMatchObject({ usedAt: null, revokedAt: null });
    const { state: newer } = await start(owner.session);
    const replaced = await finish(owner.session, { code: orcid.issueCode(sarielOrcidId), state });
    expect(answerOf(replaced)).toEqual(refused);

    await t.db
      .update(tokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tokens.tokenHash, hashSecret(newer)));
    const expired = await finish(owner.session, {
      code: orcid.issueCode(sarielOrcidId),
      state: newer,
    });
    expect(answerOf(expired)).toEqual(refused);

    expect(tokenRequests()).toHaveLength(asked);
    expect(await claimRow(owner.user.id)).toMatchObject({ state: 'provisional' });
  });

  it('must come with a code and a state (422), and the caller must be signed in (401)', async () => {
    const someone = await claimant(`v/Void${Date.now()}`);
    const empty = await finish(someone.session, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      code: [dblpClaimMessages.orcidReturnIncomplete],
      state: [dblpClaimMessages.orcidReturnIncomplete],
    });
    const { state } = await start(someone.session);
    const guest = await finish(null, { code: orcid.issueCode(sarielOrcidId), state });
    expect({ status: guest.statusCode, body: guest.body }).toEqual({
      status: 401,
      body: 'Unauthorized',
    });
  });
});

describe('a disputed claim', () => {
  it('cannot be confirmed by ORCID: only an administrator decides disputes', async () => {
    const pid = `d/Disputed${Date.now()}`;
    await buildDblpPerson(t.db, { dblpPid: pid });
    const first = await claimant(pid);
    const { state } = await start(first.session);
    // A second claim on the same pid: both are disputed now.
    const second = await claimant(pid);
    expect(await claimRow(first.user.id)).toMatchObject({ state: 'disputed' });

    const disputed = {
      status: 409,
      body: { message: dblpClaimMessages.disputedNeedsAdministrator },
    };
    expect(answerOf((await start(second.session)).response)).toEqual(disputed);
    const asked = tokenRequests().length;
    const finished = await finish(first.session, { code: orcid.issueCode(sarielOrcidId), state });
    expect(answerOf(finished)).toEqual(disputed);
    expect(tokenRequests()).toHaveLength(asked);
    expect(await claimRow(first.user.id)).toMatchObject({ state: 'disputed', proof: null });
    expect((await getFullProfile(t, first.session)).json().dblp_claim).toMatchObject({
      state: 'disputed',
      can_confirm_with_orcid: false,
    });
  });
});

describe('the log', () => {
  it("holds no code, no state, no client secret and none of ORCID's tokens", () => {
    const log = logLines.join('');
    expect(log).toContain('ORCID proof of a DBLP claim failed');
    const secrets = [...secretsSent, ...orcid.tokensHandedOut, clientSecret];
    expect(secrets.filter((secret) => log.includes(secret))).toEqual([]);
  });
});

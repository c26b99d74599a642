// Claiming a crawled co-author (docs/dblp.md, "Claims"): the app's own worker crawls a user's DBLP
// page (the handler app.ts registers), which makes their co-authors DBLP-only people with imported
// relations; a co-author who then signs up, or links their DBLP URL from an existing account, owns
// those relations once an administrator confirms the claim (docs/dblp.md, "Claims"), and not
// before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { DblpFixtureServer } from '../../../test/dblp-fixture-server.ts';
import { confirmOpenClaimOf, disputeClaim, ownClaims } from '../../../test/dblp-claim-requests.ts';
import { diXuPid, startDblpFixtureServer } from '../../../test/dblp-fixture-server.ts';
import { defaultPassword, form, mailsTo, pathOf, signIn } from '../../../test/factories.ts';
import type { Tokens } from '../../../test/factories.ts';
import { linkAccount, signedInUser } from '../../../test/profile-requests.ts';
import { post } from '../../../test/relation-requests.ts';
import { crawlJobs, findUserByPid, importedPublications } from './crawl-test-support.ts';

let server: DblpFixtureServer;
let t: TestApp;
let admin: Tokens;
let diXu: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  server = await startDblpFixtureServer();
  t = await buildTestApp({ DBLP_BASE_URL: server.baseUrl, DBLP_CRAWL_DELAY_MS: '100' });
  admin = (await signedInUser(t, { role: 'admin' })).session;
  // Di Xu links his DBLP page; an administrator confirms; the app's worker crawls it.
  diXu = await signedInUser(t, { firstName: 'Di', lastName: 'Xu' });
  expect((await linkAccount(t, diXu.session, `https://dblp.org/pid/${diXuPid}`)).statusCode).toBe(
    200,
  );
  await t.app.jobs.runUntilIdle();
  expect(server.requests).toEqual([]);
  await confirmOpenClaimOf(t, admin, diXu.user.id);
  await t.app.jobs.runUntilIdle();
});
afterAll(async () => {
  await t.close();
  await server.close();
});

const allTitles = [
  'An improved Bayesian algorithm for color image desaturation.',
  'Automatic stereoscopic 3D video reframing.',
  'Correction of Clipped Pixels in Color Images.',
  'Guidelines for capturing high quality stereoscopic content based on a systematic subjective evaluation.',
  'Logo insertion transcoding for H.264/AVC compressed video.',
  'Quality of experience for the horizontal pixel parallax adjustment of stereoscopic 3D videos.',
  'Random Forests Based View Generation for Multiview TV.',
  'Saturated-pixel enhancement for color images.',
];

/** The titles of the co-authorship relations the user's relations list shows (all imported here). */
async function importedTitlesListed(session: Tokens): Promise<string[]> {
  // Without a conflict selection: the list alone.
  const response = await post(t, '/v1/web/relations/data/list', session, {
    pageName: 'all',
    filterBy: 'type',
  });
  const list = response.json();
  if (!list.relations) throw new Error(`list: ${response.statusCode} ${response.body}`);
  const rows = list.relations['3'] as Array<{ publication_name: string }>;
  return rows.map((row) => row.publication_name).sort();
}

describe('claiming a crawled co-author', () => {
  it('crawled the linked page through the job the link queued', async () => {
    expect(server.requests.map((request) => request.path)).toEqual(['/pid/95/7448-1.xml']);
    expect(await crawlJobs(t)).toEqual([{ status: 'done', attempts: 1, lastError: null }]);
    expect(await importedPublications(t)).toHaveLength(8);
  });

  it('gives the imported relations to a co-author who signs up with their DBLP URL', async () => {
    const panos = await findUserByPid(t, '55/3871');
    expect(panos).toMatchObject({ kind: 'dblp_only', dblpName: 'Panos Nasiopoulos' });
    const email = 'panos@example.org';

    const registered = await t.app.inject({
      method: 'POST',
      url: '/v1/web/user-registration/save',
      ...form({
        FName: 'Panos',
        SName: 'Nasiopoulos',
        Email: email,
        dblp_url: 'https://dblp.org/pid/55/3871',
        noDBLP: '',
        password: defaultPassword,
        confirmPassword: defaultPassword,
        optedIn: '1',
      }),
    });
    expect(registered.statusCode).toBe(200);
    const accountId = registered.json().GID as number;
    expect(accountId).not.toBe(panos!.id);
    const [confirmation] = await mailsTo(t, email);
    await t.app.inject({ url: pathOf(confirmation!.links[0]!) });
    const session = await signIn(t.app, email);

    // The claim alone gives the account none of Panos's co-authorships.
    expect(await importedTitlesListed(session)).toEqual([]);
    expect(await findUserByPid(t, '55/3871')).toMatchObject({ id: panos!.id, kind: 'dblp_only' });

    await confirmOpenClaimOf(t, admin, accountId);
    expect(await importedTitlesListed(session)).toEqual(allTitles);
    for (const row of await importedPublications(t)) {
      const people = [row.relation!.creatorUserId, ...row.parties.map((party) => party.userId)];
      expect(people).toContain(accountId);
      expect(people).not.toContain(panos!.id);
    }
  });

  it('moves them to an existing account that links the co-author’s DBLP URL', async () => {
    const colin = await findUserByPid(t, '58/3497');
    expect(colin).toMatchObject({ kind: 'dblp_only', dblpName: 'Colin Doutre' });
    const account = await signedInUser(t, { firstName: 'Colin', lastName: 'Doutre' });

    const linked = await linkAccount(t, account.session, 'https://dblp.org/pid/58/3497');

    expect(linked.statusCode).toBe(200);
    expect(await findUserByPid(t, '58/3497')).toMatchObject({ id: colin!.id });
    expect(await importedTitlesListed(account.session)).toEqual([]);
    await confirmOpenClaimOf(t, admin, account.user.id);
    expect(await findUserByPid(t, '58/3497')).toMatchObject({ id: account.user.id });
    expect(await importedTitlesListed(account.session)).toEqual([
      'An improved Bayesian algorithm for color image desaturation.',
      'Correction of Clipped Pixels in Color Images.',
      'Saturated-pixel enhancement for color images.',
    ]);
  });

  it('hands the DBLP person over only when an administrator confirms a claim against its holder', async () => {
    const rival = await signedInUser(t, { firstName: 'Rival', lastName: 'Claimer' });
    expect(
      (await linkAccount(t, rival.session, `https://dblp.org/pid/${diXuPid}`)).statusCode,
    ).toBe(200);
    // The claim alone: Di Xu keeps his co-authorships, the rival has none.
    const diXuTitles = await importedTitlesListed(diXu.session);
    expect(diXuTitles).toEqual(allTitles);
    expect(await importedTitlesListed(rival.session)).toEqual([]);

    // Di Xu disputes; an administrator decides for the rival all the same (say, after proof).
    const [claim] = (await ownClaims(t, diXu.session)).json().claimsOnMine;
    expect((await disputeClaim(t, diXu.session, claim.id, 'This is me.')).json()).toMatchObject({
      state: 'disputed',
    });
    await confirmOpenClaimOf(t, admin, rival.user.id);
    expect(await findUserByPid(t, diXuPid)).toMatchObject({ id: rival.user.id });
    expect(await importedTitlesListed(rival.session)).toEqual(allTitles);
    expect(await importedTitlesListed(diXu.session)).toEqual([]);
  });
});

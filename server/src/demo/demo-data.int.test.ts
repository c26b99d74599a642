// The demo a first start creates: every account signs in, and the profiles show what the
// README promises (complete, incomplete, a proposal awaiting approval, a DBLP person to link).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CommitteeReply,
  ConferenceDropList,
  MatrixReply,
  SubmissionsReply,
} from '@recuse/common';
import { messages } from '@recuse/common';
import type { TestApp } from '../../test/build-test-app.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { Tokens } from '../../test/factories.ts';
import { bearer, signIn } from '../../test/factories.ts';
import { confirmOpenClaimOf } from '../../test/dblp-claim-requests.ts';
import { getFullProfile, linkAccount } from '../../test/profile-requests.ts';
import { users } from '../db/schema.ts';
import { demoConference } from './demo-conference.ts';
import { demoAccounts, demoPassword, isDatabaseEmpty, seedDemo } from './demo-data.ts';

let t: TestApp;
const sessions = new Map<string, Tokens>();
const userIds = new Map<string, number>();
beforeAll(async () => {
  t = await buildTestApp();
  expect(await isDatabaseEmpty(t.db)).toBe(true);
  await seedDemo(t.db);
  for (const account of demoAccounts) {
    sessions.set(account.email, await signIn(t.app, account.email, demoPassword));
    const [row] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, account.email));
    userIds.set(account.email, row!.id);
  }
});
afterAll(() => t.close());

const session = (email: string) => sessions.get(email)!;
const demoUserId = (email: string) => userIds.get(email)!;
const profileOf = async (email: string) =>
  (await t.app.inject({ url: '/v1/web/user/profile', headers: bearer(session(email)) })).json();

describe('demo data', () => {
  it('fills the database, so a second start adds nothing', async () => {
    expect(await isDatabaseEmpty(t.db)).toBe(false);
  });

  it('gives the chair of the demo conference a filled workspace: a conflict of each kind, firm and provisional, an ambiguous author and an unknown member', async () => {
    const conference = (
      await t.app.inject({
        url: '/v1/web/conference/data/list/conferDrpList',
        headers: bearer(session('chair@example.org')),
      })
    )
      .json<ConferenceDropList>()
      .options.find((option) => option.conference_name === demoConference.name)!;
    const base = `/v1/web/conference/${conference.confid}`;
    const read = async <T>(path: string, email = 'chair@example.org') => {
      const response = await t.app.inject({
        url: `${base}/${path}`,
        headers: bearer(session(email)),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<T>();
    };
    const committee = await read<CommitteeReply>('committee');
    expect(committee.counts).toEqual({ rows: 4, matched: 3, unmatched: 1, ambiguous: 0 });
    const submissions = await read<SubmissionsReply>('submissions');
    expect(submissions.counts).toMatchObject({ submissions: 7, ambiguous: 1 });
    expect(
      submissions.needs_decision.map((row) => [row.paper, row.family_name, row.candidates.length]),
    ).toEqual([[3, 'Xu', 2]]);
    const matrix = await read<MatrixReply>('matrix');
    expect(matrix.counts).toEqual({ members: 4, submissions: 7, conflicts: 11, provisional: 2 });
    const pairs = matrix.conflicts.map((conflict) => [
      conflict.paper,
      conflict.member_email,
      conflict.hotcrp_conflict,
      conflict.is_provisional,
      [...new Set(conflict.reasons.map((reason) => reason.kind))],
    ]);
    expect(pairs).toEqual([
      // Only pending and disputed relations with Grace: provisional.
      [1, 'ada@example.org', 'collaborator', true, ['relation']],
      [1, 'alan@example.org', 'personal', false, ['relation']],
      [1, 'grace@example.org', null, false, ['author']],
      [2, 'ada@example.org', 'advisor', false, ['relation']],
      [2, 'alan@example.org', null, false, ['author']],
      [2, 'grace@example.org', 'personal', false, ['relation']],
      [3, 'ada@example.org', 'institutional', false, ['institution']],
      [4, 'ada@example.org', 'institutional', false, ['institution']],
      // Only the committee file places Edsger at Delft.
      [4, 'edsger@pc.example.org', 'institutional', false, ['declared_affiliation']],
      // Alan's application at an institution awaiting approval: provisional.
      [5, 'alan@example.org', 'institutional', true, ['institution']],
      [6, 'grace@example.org', 'collaborator', false, ['submission_coauthor']],
    ]);
    // Nobody else's: the workspace is the chair's (and the administrators').
    const refused = await t.app.inject({
      url: `${base}/matrix`,
      headers: bearer(session('ada@example.org')),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('gives Ada a complete profile with one unread notification', async () => {
    expect(await profileOf('ada@example.org')).toMatchObject({
      institutionDataAdded: true,
      Notifications: [
        expect.objectContaining({ data: expect.objectContaining({ rel_type_id: 8 }) }),
      ],
    });
    const full = (await getFullProfile(t, session('ada@example.org'))).json();
    expect(
      full.institutionData.map((row: { institutionName: string }) => row.institutionName),
    ).toEqual(['ETH Zurich', 'Massachusetts Institute of Technology']);
  });

  it('gives Grace an incomplete profile with two unread notifications', async () => {
    const profile = await profileOf('grace@example.org');
    expect(profile.institutionDataAdded).toBe(false);
    expect(profile.Notifications).toHaveLength(2);
  });

  it('shows Alan his proposed institution as sent for approval', async () => {
    const list = (
      await t.app.inject({
        url: '/v1/web/institution/data/list/InstitutionDrplist',
        headers: bearer(session('alan@example.org')),
      })
    ).json();
    expect(Object.values(list)).toContain(
      `Bletchley Park Research Centre (${messages.institutionSentForApproval})`,
    );
    const adasList = (
      await t.app.inject({
        url: '/v1/web/institution/data/list/InstitutionDrplist',
        headers: bearer(session('ada@example.org')),
      })
    ).json();
    expect(Object.values(adasList).join()).not.toContain('Bletchley');
  });

  it('lets Di Xu claim the DBLP person 95/7448-1 and, once the administrator confirms, take over its affiliation', async () => {
    const response = await linkAccount(
      t,
      session('di@example.org'),
      'https://dblp.org/pid/95/7448-1',
    );
    expect(response.json()).toEqual({ message: 'UPDATED' });
    expect((await getFullProfile(t, session('di@example.org'))).json()).toMatchObject({
      dblp_claim: { state: 'provisional' },
      institutionData: [],
    });
    const diXu = demoUserId('di@example.org');
    await confirmOpenClaimOf(t, session('admin@example.org'), diXu);
    const full = (await getFullProfile(t, session('di@example.org'))).json();
    expect(full).toMatchObject({
      dblp_url: 'https://dblp.org/pid/95/7448-1',
      dblp_name: 'Di Xu 0001',
      institutionData: [
        expect.objectContaining({ institutionName: 'University of British Columbia' }),
      ],
    });
  });

  it('opens the relation of every demo notification for the person notified', async () => {
    for (const email of ['ada@example.org', 'grace@example.org']) {
      const { Notifications } = await profileOf(email);
      for (const notification of Notifications) {
        const { relation_parent_id: id, rel_type_id: type } = notification.data;
        const url =
          type === 8
            ? `/v1/web/relation/data/pending_employment_view/${id}`
            : `/v1/web/relation/data/view/${id}`;
        const response = await t.app.inject({ url, headers: bearer(session(email)) });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ GID: id, relationType: type });
      }
    }
  });

  it('gives Ada relations of every type, in every status a list shows', async () => {
    const list = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/web/relations/data/list',
        headers: bearer(session('ada@example.org')),
        payload: { pageName: 'all' },
      })
    ).json();
    const typesWithRows = Object.entries(list.relations as Record<string, unknown[]>)
      .filter(([, rows]) => rows.length > 0)
      .map(([type]) => Number(type));
    expect(typesWithRows).toEqual([1, 2, 3, 4, 6, 7, 8]);
    const statuses = new Set<number>();
    for (const rows of Object.values(
      list.relations as Record<string, Array<Record<string, unknown>>>,
    )) {
      for (const row of rows) {
        if (typeof row.status === 'number') statuses.add(row.status);
        for (const year of Object.values(
          (row.publication_years ?? {}) as Record<string, { status: number }>,
        )) {
          statuses.add(year.status);
        }
      }
    }
    expect([...statuses].sort()).toEqual([1, 3, 4]);
    const grace = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/web/relations/data/list',
        headers: bearer(session('grace@example.org')),
        payload: { pageName: 'pending' },
      })
    ).json();
    expect(grace.tot_relations).toBeGreaterThan(0);
  });
});

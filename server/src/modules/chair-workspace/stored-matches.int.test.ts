// Who the uploaded rows are is stored with them (docs/api-conflicts.md, "Who a row is"), so that
// a late member's row reads the authors as stored; whatever matching reads that changes after
// the upload (an address confirmed, a secondary address, an institution's domains) still
// reaches that row, and a recomputation works every row out again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LateMemberReply, MatrixChangesReply } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { ChairWorld } from '../../../test/chair-workspace.ts';
import { buildChairWorld, hotcrpFixture, uploadCsv } from '../../../test/chair-workspace.ts';
import { buildAffiliation, buildRelation, buildUser } from '../../../test/factories.ts';
import { post } from '../../../test/relation-requests.ts';
import type { User } from '../../db/schema.ts';
import { institutions, users } from '../../db/schema.ts';

let t: TestApp;
let w: ChairWorld;
let zed: User;
const base = () => `/v1/web/conference/${w.confid}`;

/** Late members, each with a tie to an author only a change after the upload reveals. */
const late = {
  zedsCoauthor: 'zoe@late.example.org',
  patsCoauthor: 'paula@late.example.org',
  atExamples: 'eve@late.example.org',
};

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildChairWorld(t);
  // Everyone exists before the upload; only the changes below come after it.
  zed = await buildUser(t.db, {
    firstName: 'Zed',
    lastName: 'Unknown',
    email: 'zed@home.example.org',
  });
  const coauthor = async (email: string, party: User) => {
    const member = await buildUser(t.db, { email });
    await buildRelation(t.db, {
      type: 3,
      creator: member,
      parties: [{ user: party, status: 1 }],
      end: { year: 2025 },
    });
  };
  await coauthor(late.zedsCoauthor, zed);
  await coauthor(late.patsCoauthor, w.people.pat);
  const eve = await buildUser(t.db, { email: late.atExamples });
  await buildAffiliation(t.db, eve.id, {
    institutionId: w.institutions.examples,
    startDate: '2019-01-01',
  });
  for (const [kind, file] of [
    ['committee', 'committee.csv'],
    ['submissions', 'authors.csv'],
  ] as const) {
    const response = await uploadCsv(t, `${base()}/${kind}`, w.chair, hotcrpFixture(file));
    expect(response.statusCode).toBe(200);
  }
});
afterAll(() => t.close());

async function addLateMember(email: string): Promise<LateMemberReply> {
  const response = await post(t, `${base()}/committee/member`, w.chair, { email }, 'json');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LateMemberReply>();
}

const papersOf = (reply: LateMemberReply) => reply.conflicts.map((conflict) => conflict.paper);

describe('stored matches', () => {
  it('meets an author who confirmed the address the authors file gives, after the upload', async () => {
    // Zed's line (paper 3) names zed@elsewhere.example.com, his secondary address from now on.
    await t.db
      .update(users)
      .set({ secondaryEmail: 'zed@elsewhere.example.com' })
      .where(eq(users.id, zed.id));
    const added = await addLateMember(late.zedsCoauthor);
    expect(added.conflicts).toMatchObject([
      { paper: 3, hotcrp_conflict: 'collaborator', reasons: [{ author: { user_id: zed.id } }] },
    ]);
  });

  it("meets an author once the file's address becomes theirs (a pending address confirmed)", async () => {
    // Pat's line (paper 2) gives pat@new.example.org, until now only his pending new address.
    await t.db
      .update(users)
      .set({ email: 'pat@new.example.org', pendingEmail: null })
      .where(eq(users.id, w.people.pat.id));
    const added = await addLateMember(late.patsCoauthor);
    expect(papersOf(added)).toEqual([2]);
    expect(added.conflicts[0]!.reasons[0]!.author.user_id).toBe(w.people.pat.id);
  });

  it('places authors at an institution by a domain it lists from now on', async () => {
    await t.db
      .update(institutions)
      .set({ emailDomains: ['co.example.org'] })
      .where(eq(institutions.id, w.institutions.examples));
    // Grace (paper 1) is known to be there, the file names it for Edsger and Pat (paper 2), and
    // Wei Co (papers 7 and 8) is placed there by his address now.
    const added = await addLateMember(late.atExamples);
    expect(papersOf(added)).toEqual([1, 2, 7, 8]);
    expect(added.conflicts[2]!.reasons[0]).toMatchObject({
      kind: 'institution',
      matched_by: 'email_domain',
      institution: { id: w.institutions.examples },
    });
  });

  it('gives the late members the rows a recomputation of the whole matrix gives them', async () => {
    // The first late member stored the whole matrix; the others their rows. The changes above
    // touch no other member's row, so the whole matrix worked out again is the newest version.
    const response = await post(t, `${base()}/recompute`, w.chair, {}, 'json');
    expect(response.statusCode).toBe(200);
    expect(response.json<MatrixChangesReply>()).toMatchObject({
      message: 'UNCHANGED',
      version: { number: 3, cause: 'member' },
    });
  });

  it('meets an author who joins with the address the file gives, after the upload', async () => {
    // Only the lines the newcomer can touch are worked out again (people_match_changes): Wei
    // Co's two lines (papers 7 and 8) give wei@co.example.org, nobody's address until now.
    const wei = await buildUser(t.db, {
      firstName: 'Wei',
      lastName: 'Co',
      email: 'wei@co.example.org',
    });
    const walt = await buildUser(t.db, { email: 'walt@late.example.org' });
    await buildRelation(t.db, {
      type: 3,
      creator: walt,
      parties: [{ user: wei, status: 1 }],
      end: { year: 2025 },
    });
    const added = await addLateMember('walt@late.example.org');
    expect(papersOf(added)).toEqual([7, 8]);
    for (const conflict of added.conflicts) {
      expect(conflict.reasons).toContainEqual(
        expect.objectContaining({
          kind: 'relation',
          author: expect.objectContaining({ user_id: wei.id }),
        }),
      );
    }
  });
});

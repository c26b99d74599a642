// A chair settles the rows only a name matches (docs/api-conflicts.md, "Picking a candidate"):
// one of the candidates, or none of them. The pick is audited, kept through recomputation and
// new uploads of the same row, applied to every line of an author's address, and the matrix
// counts the picked person's conflicts; anything else is refused in words and changes nothing.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type {
  CommitteePickReply,
  CommitteeReply,
  LateMemberReply,
  SubmissionsPickReply,
  SubmissionsReply,
} from '@recuse/common';
import { chairWorkspaceMessages } from '@recuse/common';
import { fetchMatrix, hotcrpFixture, uploadCsv } from '../../../test/chair-workspace.ts';
import { useUploadedChairWorld } from '../../../test/uploaded-chair-world.ts';
import { buildRelation, buildUser, signIn } from '../../../test/factories.ts';
import type { Fields } from '../../../test/relation-requests.ts';
import { get, post } from '../../../test/relation-requests.ts';
import type { User } from '../../db/schema.ts';
import { auditLog } from '../../db/schema.ts';
import { conferenceRefusals } from '../conferences/conferences.service.ts';

const { t, w, base } = useUploadedChairWorld();

const pick = (file: 'committee' | 'submissions', fields: Fields, session = w.chair) =>
  post(t, `${base()}/${file}/pick`, session, fields, 'json');
const committee = async () => (await get(t, `${base()}/committee`, w.chair)).json<CommitteeReply>();
const submissions = async () =>
  (await get(t, `${base()}/submissions`, w.chair)).json<SubmissionsReply>();
const coauthored = (creator: User, party: User) =>
  buildRelation(t.db, {
    type: 3,
    creator,
    parties: [{ user: party, status: 1 }],
    title: 'Written Together',
    end: { year: 2025 },
  });
const pickAudits = () =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'conference.match-pick'), eq(auditLog.entityId, w.confid)));

describe("the chair's pick", () => {
  it('ties an ambiguous member to the candidate picked, and the matrix counts their conflicts', async () => {
    // The registered John Smith co-authored with Grace (paper 1); the DBLP one did not.
    await coauthored(w.people.smith, w.people.grace);
    const before = await fetchMatrix(t, w);
    expect(before.conflicts.filter((c) => c.member_email === 'john.smith@pc.example.org')).toEqual(
      [],
    );

    const response = await pick('committee', { line: 8, pick: w.people.smith.id });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<CommitteePickReply>();
    expect(answer.message).toBe('PICKED');
    expect(answer.rows).toMatchObject([
      {
        line: 8,
        email: 'john.smith@pc.example.org',
        status: 'matched',
        matched_by: 'pick',
        user: { id: w.people.smith.id, name: 'John Smith' },
        pick: { user_id: w.people.smith.id, picked_by: { name: 'Carla Chair' } },
      },
    ]);
    // What tells the namesakes apart: the domain of the address, the DBLP pid.
    expect(answer.rows[0]!.candidates).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: w.people.smith.id,
          email_domain: 'example.org',
          dblp_pid: null,
        }),
        expect.objectContaining({
          id: w.people.smithFromDblp.id,
          email_domain: null,
          dblp_pid: 's/JohnSmith7',
        }),
      ]),
    );

    const read = await committee();
    expect(read.counts).toEqual({ rows: 6, matched: 5, unmatched: 1, ambiguous: 0 });
    expect(read.needs_decision).toEqual([]);
    const matrix = await fetchMatrix(t, w);
    expect(matrix.members.find((m) => m.email === 'john.smith@pc.example.org')).toMatchObject({
      status: 'matched',
      user_id: w.people.smith.id,
    });
    expect(
      matrix.conflicts
        .filter((c) => c.member_email === 'john.smith@pc.example.org')
        .map((c) => [c.paper, c.hotcrp_conflict, c.reasons[0]!.author.user_id]),
    ).toEqual([[1, 'collaborator', w.people.grace.id]]);

    const [audit] = await pickAudits();
    expect(audit).toMatchObject({
      actorUserId: expect.any(Number),
      before: null,
      after: {
        file: 'committee',
        rowKey: 'email:john.smith@pc.example.org',
        userId: w.people.smith.id,
        line: 8,
      },
    });
  });

  it('keeps the pick through a recomputation and a new upload, wherever the row moves', async () => {
    expect((await post(t, `${base()}/recompute`, w.chair, {}, 'json')).statusCode).toBe(200);
    // The same member two lines further down, after a new first member.
    const [header, ...members] = hotcrpFixture('committee.csv').split('\n');
    const moved = [header, 'Nina,New,nina@pc.example.org,,,,,,,', ...members].join('\n');
    expect((await uploadCsv(t, `${base()}/committee`, w.chair, moved)).statusCode).toBe(200);
    const smith = (await committee()).rows.find((row) => row.email === 'john.smith@pc.example.org');
    expect(smith).toMatchObject({
      line: 9,
      status: 'matched',
      matched_by: 'pick',
      user: { id: w.people.smith.id },
    });
    const matrix = await fetchMatrix(t, w);
    expect(matrix.conflicts.some((c) => c.member_email === 'john.smith@pc.example.org')).toBe(true);
    await uploadCsv(t, `${base()}/committee`, w.chair, hotcrpFixture('committee.csv'));
  });

  it('leaves a row unmatched when the chair picks none, until a new namesake turns up', async () => {
    // Paper 6's John Smith has no address: line 8 of the authors file.
    const response = await pick('submissions', { line: 8, pick: 'none' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SubmissionsPickReply>().rows).toMatchObject([
      { line: 8, paper: 6, status: 'unmatched', user: null, pick: { user_id: null } },
    ]);
    const settled = await submissions();
    expect(settled.counts).toMatchObject({ ambiguous: 1 });
    expect(settled.needs_decision.map((row) => row.line)).toEqual([4]);

    const third = await buildUser(t.db, { firstName: 'John', lastName: 'Smith' });
    const reopened = (await submissions()).rows.find((row) => row.line === 8)!;
    expect(reopened).toMatchObject({ status: 'ambiguous', pick: null });
    expect(reopened.candidates.map((candidate) => candidate.id)).toContain(third.id);
  });

  it('settles an author on every paper of their address, and a late member meets them', async () => {
    // Wei Co (wei@co.example.org) writes papers 7 (line 10) and 8 (line 11); a namesake signs up.
    const wei = await buildUser(t.db, {
      firstName: 'Wei',
      lastName: 'Co',
      email: 'wei.co@elsewhere.example.org',
    });
    await coauthored(w.people.ada, wei);
    const response = await pick('submissions', { line: 10, pick: wei.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response.json<SubmissionsPickReply>().rows.map((row) => [row.line, row.paper, row.user?.id]),
    ).toEqual([
      [10, 7, wei.id],
      [11, 8, wei.id],
    ]);
    const matrix = await fetchMatrix(t, w);
    expect(
      matrix.conflicts
        .filter((c) => c.member_email === 'ada@pc.example.org' && c.paper >= 7)
        .map((c) => [c.paper, c.hotcrp_conflict]),
    ).toEqual([
      [7, 'collaborator'],
      [8, 'collaborator'],
    ]);

    const lee = await buildUser(t.db, { email: 'lee@late.example.org' });
    await coauthored(lee, wei);
    const late = await post(
      t,
      `${base()}/committee/member`,
      w.chair,
      { email: 'lee@late.example.org' },
      'json',
    );
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json<LateMemberReply>().conflicts.map((c) => c.paper)).toEqual([7, 8]);
  });

  it.each([
    [
      'a line the file does not have',
      'committee',
      { line: 99, pick: 'none' },
      404,
      { message: chairWorkspaceMessages.noSuchLine('committee file', 99) },
    ],
    [
      'a row its address ties to someone',
      'committee',
      { line: 2, pick: 'none' },
      422,
      { errors: { line: [chairWorkspaceMessages.matchedByIdentifier(2)] } },
    ],
    [
      'a row nobody of ours has the name of',
      'committee',
      { line: 7, pick: 'none' },
      422,
      { errors: { line: [chairWorkspaceMessages.noCandidates(7)] } },
    ],
    [
      'a pick that is neither an id nor none',
      'submissions',
      { line: 4, pick: 'ada' },
      422,
      { errors: { pick: [chairWorkspaceMessages.pickRequired] } },
    ],
    [
      'no line',
      'submissions',
      { pick: 'none' },
      422,
      { errors: { line: [chairWorkspaceMessages.lineRequired] } },
    ],
  ] as const)('refuses %s, and changes nothing', async (_case, file, fields, status, body) => {
    const before = [await committee(), await submissions(), (await pickAudits()).length];
    const response = await pick(file, fields);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject(body);
    expect([await committee(), await submissions(), (await pickAudits()).length]).toEqual(before);
  });

  it('refuses a user who is not among the candidates by name', async () => {
    const response = await pick('submissions', { line: 4, pick: w.people.ada.id });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.pick).toEqual([
      chairWorkspaceMessages.notACandidate(w.people.ada.id, 4),
    ]);
  });

  it('answers only the chairs of this conference and administrators', async () => {
    const fields = { line: 4, pick: w.people.pat.id };
    expect((await post(t, `${base()}/submissions/pick`, null, fields, 'json')).statusCode).toBe(
      401,
    );
    const user = await signIn(t.app, (await buildUser(t.db)).email!);
    // The chair of another conference: whoever creates a conference chairs it.
    const otherChair = await signIn(t.app, (await buildUser(t.db)).email!);
    const created = await post(
      t,
      '/v1/web/conference/data/save',
      otherChair,
      { name: 'OTHER-2027', label: 'Another Conference' },
      'json',
    );
    expect(created.statusCode, created.body).toBe(200);
    for (const session of [user, otherChair]) {
      const refused = await pick('submissions', fields, session);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: conferenceRefusals.notChairWorkspace });
    }
    const waiting = async () => (await submissions()).needs_decision.map((row) => row.line);
    expect(await waiting()).toContain(4);
    const admin = await signIn(t.app, (await buildUser(t.db, { role: 'admin' })).email!);
    const picked = await pick('submissions', fields, admin);
    expect(picked.statusCode, picked.body).toBe(200);
    expect(await waiting()).not.toContain(4);
  });
});

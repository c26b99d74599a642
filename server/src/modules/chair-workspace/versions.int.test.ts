// Versions of the matrix (docs/api-conflicts.md, "Versions and changes"): each recomputation is
// stored when it differs; the chair sees what appeared, disappeared and changed since the file
// last went to HotCRP, which of those touch an assignment of HotCRP's uploaded assignments file,
// and a late member is added with only their row computed.
import { describe, expect, it } from 'vitest';
import type {
  AssignmentsReply,
  LateMemberReply,
  MatrixChangesReply,
  MatrixVersionsReply,
} from '@recuse/common';
import { chairWorkspaceMessages } from '@recuse/common';
import { hotcrpFixture, parseCsvFile, uploadCsv } from '../../../test/chair-workspace.ts';
import { useUploadedChairWorld } from '../../../test/uploaded-chair-world.ts';
import { buildRelation, buildUser } from '../../../test/factories.ts';
import { get, post } from '../../../test/relation-requests.ts';

const { t, w, base } = useUploadedChairWorld();

const changes = async () => {
  const response = await get(t, `${base()}/changes`, w.chair);
  expect(response.statusCode).toBe(200);
  return response.json<MatrixChangesReply>();
};
const recompute = async () => {
  const response = await post(t, `${base()}/recompute`, w.chair, {}, 'json');
  expect(response.statusCode).toBe(200);
  return response.json<MatrixChangesReply>();
};
const exportFile = async () => {
  const response = await t.app.inject({
    url: `${base()}/export/hotcrp-assignments.csv`,
    headers: { authorization: `Bearer ${w.chair.access_token}` },
  });
  expect(response.statusCode).toBe(200);
  return parseCsvFile(response.body);
};
const pairsOf = (list: MatrixChangesReply['appeared']) =>
  list.map((change) => [change.paper, change.member_email]);
const coauthored = (creator: { id: number }, party: { id: number }, year: number) =>
  buildRelation(t.db, {
    type: 3,
    creator: creator as never,
    parties: [{ user: party as never, status: 1 }],
    title: 'A Late Paper',
    end: { year },
  });

describe('versions and changes', () => {
  it('before any export, everything has appeared; an export is the point changes count from', async () => {
    const first = await changes();
    expect(first).toMatchObject({
      message: 'SUCCESS',
      version: null,
      since: null,
      assignments: null,
    });
    expect(pairsOf(first.appeared)).toEqual([
      [1, 'ada@pc.example.org'],
      [2, 'alan.turing@old.example.org'],
      [3, 'barbara@pc.example.org'],
      [4, 'barbara@pc.example.org'],
      [5, 'ada@pc.example.org'],
    ]);
    expect(first.appeared[4]).toMatchObject({
      title: 'Pending Work',
      before: null,
      after: {
        action: 'conflict',
        conflict: 'collaborator',
        is_provisional: true,
        is_pinned: false,
      },
    });

    const file = await exportFile();
    expect(file).toHaveLength(5);
    const after = await changes();
    expect(after.since).toMatchObject({ number: 1, cause: 'export', pairs: 5 });
    expect(after.since!.exported_at).not.toBeNull();
    expect([after.appeared, after.disappeared, after.changed]).toEqual([[], [], []]);
  });

  it('stores a recomputation only when something changed, and says what appeared', async () => {
    expect(await recompute()).toMatchObject({ message: 'UNCHANGED', version: { number: 1 } });
    await coauthored(w.people.barbara, w.people.grace, 2025);
    const recomputed = await recompute();
    expect(recomputed).toMatchObject({
      message: 'RECOMPUTED',
      version: { number: 2, cause: 'recompute', exported_at: null },
      since: { number: 1 },
    });
    expect(pairsOf(recomputed.appeared)).toEqual([[1, 'barbara@pc.example.org']]);
    expect(recomputed.appeared[0]!.after).toMatchObject({ conflict: 'collaborator' });
    expect(recomputed.disappeared).toEqual([]);
    expect((await recompute()).message).toBe('UNCHANGED');
  });

  it("names the HotCRP assignments each change touches, once HotCRP's file is uploaded", async () => {
    const file =
      'paper,action,email,round\n' +
      '1,primary,Barbara@PC.example.org,R1\n' +
      '4,secondary,barbara@pc.example.org,R1\n' +
      '2,conflict,alan.turing@old.example.org,\n';
    const uploaded = await uploadCsv(t, `${base()}/assignments`, w.chair, file);
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json<AssignmentsReply>()).toEqual({
      message: 'UPLOADED',
      counts: { rows: 3, papers: 3, members: 2 },
    });
    // Paper 4 goes: Barbara's institutional conflict with it disappears.
    const authors = hotcrpFixture('authors.csv')
      .split('\n')
      .filter((line) => !line.startsWith('4,'))
      .join('\n');
    await uploadCsv(t, `${base()}/submissions`, w.chair, authors);
    const now = await changes();
    expect(pairsOf(now.appeared)).toEqual([[1, 'barbara@pc.example.org']]);
    expect(now.appeared[0]!.assignments).toEqual([{ line: 2, action: 'primary' }]);
    expect(pairsOf(now.disappeared)).toEqual([[4, 'barbara@pc.example.org']]);
    expect(now.disappeared[0]).toMatchObject({
      before: { conflict: 'institutional' },
      after: null,
      assignments: [{ line: 3, action: 'secondary' }],
    });
    expect(now.assignments).toMatchObject({ rows: 3, touched: 2 });

    const bad = await uploadCsv(t, `${base()}/assignments`, w.chair, 'paper,email\n1,a@b.org\n');
    expect(bad.statusCode).toBe(422);
    expect((await changes()).assignments).toMatchObject({ rows: 3 });
    await uploadCsv(t, `${base()}/submissions`, w.chair, hotcrpFixture('authors.csv'));
  });

  it('adds a late member computing only their row, and a recomputation catches up the rest', async () => {
    const lee = await buildUser(t.db, {
      firstName: 'Lee',
      lastName: 'Late',
      email: 'lee@pc.example.org',
    });
    await coauthored(lee, w.people.edsger, 2024);
    // A change for Alan meanwhile: a late member's row must not pick it up.
    await coauthored(w.people.alan, w.people.katherine, 2025);
    const before = (await get(t, `${base()}/versions`, w.chair)).json<MatrixVersionsReply>();

    const response = await post(
      t,
      `${base()}/committee/member`,
      w.chair,
      {
        given_name: 'Lee',
        family_name: 'Late',
        email: 'LEE@pc.example.org',
        affiliation: 'Late U',
      },
      'json',
    );
    expect(response.statusCode).toBe(200);
    const added = response.json<LateMemberReply>();
    expect(added.message).toBe('ADDED');
    expect(added.member).toMatchObject({
      line: 9,
      email: 'lee@pc.example.org',
      status: 'matched',
      user: { id: lee.id },
    });
    expect(added.conflicts.map((c) => [c.paper, c.member_email, c.hotcrp_conflict])).toEqual([
      [2, 'lee@pc.example.org', 'collaborator'],
    ]);
    expect(added.version).toMatchObject({
      number: before.versions[0]!.number + 1,
      cause: 'member',
    });
    expect(pairsOf(added.appeared)).toEqual([
      [1, 'barbara@pc.example.org'],
      [2, 'lee@pc.example.org'],
    ]);

    const caughtUp = await recompute();
    expect(caughtUp.message).toBe('RECOMPUTED');
    expect(pairsOf(caughtUp.appeared)).toEqual([
      [1, 'barbara@pc.example.org'],
      [2, 'lee@pc.example.org'],
      [5, 'alan.turing@old.example.org'],
    ]);

    const versions = (await get(t, `${base()}/versions`, w.chair)).json<MatrixVersionsReply>();
    expect(versions.versions.map((version) => version.cause)).toEqual([
      'recompute',
      'member',
      'recompute',
      'export',
    ]);

    const again = await post(
      t,
      `${base()}/committee/member`,
      w.chair,
      { email: 'lee@pc.example.org' },
      'json',
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.email).toEqual([
      chairWorkspaceMessages.alreadyMember('lee@pc.example.org', 9),
    ]);
    const invalid = await post(t, `${base()}/committee/member`, w.chair, { email: 'lee' }, 'json');
    expect(invalid.statusCode).toBe(422);
  });

  it('counts from the newest export', async () => {
    await exportFile();
    const now = await changes();
    expect(now.since).toMatchObject({ cause: 'recompute', number: 4 });
    expect(now.since!.exported_at).not.toBeNull();
    expect([now.appeared, now.disappeared, now.changed]).toEqual([[], [], []]);
    await post(
      t,
      `${base()}/decision`,
      w.chair,
      { paper: 1, email: 'barbara@pc.example.org', decision: 'confirmed', reason: 'Checked.' },
      'json',
    );
    expect((await changes()).changed).toMatchObject([
      {
        paper: 1,
        member_email: 'barbara@pc.example.org',
        before: { is_pinned: false },
        after: { is_pinned: true, conflict: 'collaborator' },
      },
    ]);
  });
});

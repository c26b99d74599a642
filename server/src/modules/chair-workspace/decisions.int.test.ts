// A chair's decisions on single conflicts (docs/api-conflicts.md, "Decisions"): confirmed or
// not a conflict, with a reason; shown in the matrix, kept through new uploads and
// recomputation, audited, and exported pinned in HotCRP's bulk assignment file, which is parsed
// back here and compared line by line with the matrix.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ConflictDecisionReply, ConflictDecisionsReply } from '@recuse/common';
import { chairWorkspaceMessages } from '@recuse/common';
import {
  assignmentsOfMatrix,
  fetchMatrix,
  hotcrpFixture,
  parseCsvFile,
  uploadCsv,
} from '../../../test/chair-workspace.ts';
import { useUploadedChairWorld } from '../../../test/uploaded-chair-world.ts';
import type { Fields } from '../../../test/relation-requests.ts';
import { get, post } from '../../../test/relation-requests.ts';
import { auditLog } from '../../db/schema.ts';

const { t, w, base } = useUploadedChairWorld();

const matrix = () => fetchMatrix(t, w);
const decide = (fields: Fields) => post(t, `${base()}/decision`, w.chair, fields, 'json');
const undecide = (fields: Fields) => post(t, `${base()}/decision/delete`, w.chair, fields, 'json');
const assignments = async (query = '') => {
  const response = await t.app.inject({
    url: `${base()}/export/hotcrp-assignments.csv${query}`,
    headers: { authorization: `Bearer ${w.chair.access_token}` },
  });
  expect(response.statusCode).toBe(200);
  return parseCsvFile(response.body);
};

describe('decisions', () => {
  it('pins a conflict the matrix does not find and clears one it does, each with its reason', async () => {
    // Ada and Edsger wrote together in 2010 only: the matrix finds nothing for paper 2.
    const confirmed = await decide({
      paper: 2,
      email: ' Ada@PC.example.org ',
      decision: 'confirmed',
      reason: 'Ada says they still share a lab.',
      conflict: 'personal',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<ConflictDecisionReply>()).toMatchObject({
      message: 'SAVED',
      decision: {
        paper: 2,
        member_email: 'ada@pc.example.org',
        decision: 'confirmed',
        conflict: 'personal',
        reason: 'Ada says they still share a lab.',
        decided_by: { name: 'Carla Chair' },
        applies: true,
      },
    });
    const cleared = await decide({
      paper: 1,
      email: 'ada@pc.example.org',
      decision: 'not_conflict',
      reason: 'Engines Now was a 400-author report.',
    });
    expect(cleared.statusCode).toBe(200);
    // Katherine never confirmed the 2024 paper; the chair checked it: a firm conflict.
    await decide({
      paper: 5,
      email: 'ada@pc.example.org',
      decision: 'confirmed',
      reason: 'Checked with Ada.',
    });

    const answer = await matrix();
    const onPaper = (paper: number) =>
      answer.conflicts.find((c) => c.paper === paper && c.member_email === 'ada@pc.example.org');
    expect(onPaper(1)).toMatchObject({
      hotcrp_conflict: 'collaborator',
      decision: { decision: 'not_conflict', reason: 'Engines Now was a 400-author report.' },
    });
    expect(onPaper(2)).toBeUndefined();
    expect(onPaper(5)!.decision).toMatchObject({ decision: 'confirmed', conflict: null });
    expect(answer.conflicts.find((c) => c.paper === 3)!.decision).toBeNull();
    expect(answer.decisions.map((d) => [d.paper, d.decision])).toEqual([
      [1, 'not_conflict'],
      [2, 'confirmed'],
      [5, 'confirmed'],
    ]);

    const listed = await get(t, `${base()}/decisions`, w.chair);
    expect(listed.json<ConflictDecisionsReply>().decisions).toEqual(answer.decisions);
  });

  it('exports each decision pinned, and the file matches the matrix line by line', async () => {
    const file = await assignments();
    expect(file).toEqual([
      ['paper', 'action', 'email', 'conflict'],
      ['1', 'clearconflict', 'ada@pc.example.org', ''],
      ['2', 'conflict', 'ada@pc.example.org', 'personal pin'],
      ['2', 'conflict', 'alan.turing@old.example.org', 'advisor'],
      ['3', 'conflict', 'barbara@pc.example.org', 'institutional'],
      ['4', 'conflict', 'barbara@pc.example.org', 'institutional'],
      // The chair's confirmation makes the provisional conflict firm: exported, pinned, with
      // the matrix's type.
      ['5', 'conflict', 'ada@pc.example.org', 'collaborator pin'],
    ]);
    const answer = await matrix();
    expect(file).toEqual(assignmentsOfMatrix(answer, false));
    expect(await assignments('?provisional=include')).toEqual(assignmentsOfMatrix(answer, true));
  });

  it('keeps decisions through new uploads; one whose member left waits, and applies again on return', async () => {
    await uploadCsv(t, `${base()}/submissions`, w.chair, hotcrpFixture('authors.csv'));
    expect((await matrix()).decisions).toHaveLength(3);

    const withoutAda = hotcrpFixture('committee.csv')
      .split('\n')
      .filter((line) => !line.startsWith('Ada,'))
      .join('\n');
    await uploadCsv(t, `${base()}/committee`, w.chair, withoutAda);
    const without = await matrix();
    expect(without.decisions.map((d) => d.applies)).toEqual([false, false, false]);
    expect((await assignments()).some((record) => record[2] === 'ada@pc.example.org')).toBe(false);
    expect(await assignments()).toEqual(assignmentsOfMatrix(without, false));

    await uploadCsv(t, `${base()}/committee`, w.chair, hotcrpFixture('committee.csv'));
    const back = await matrix();
    expect(back.decisions.map((d) => d.applies)).toEqual([true, true, true]);
    expect(await assignments()).toEqual(assignmentsOfMatrix(back, false));
  });

  it('replaces a decision, audits each change, and deletes one back to the matrix', async () => {
    const changed = await decide({
      paper: 2,
      email: 'ada@pc.example.org',
      decision: 'not_conflict',
      reason: 'The lab closed in 2020.',
    });
    expect(changed.json<ConflictDecisionReply>().decision).toMatchObject({
      decision: 'not_conflict',
      conflict: null,
    });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'conference.conflict-decision'), eq(auditLog.entityId, w.confid)),
      );
    expect(audits.at(-1)).toMatchObject({
      before: { paper: 2, decision: 'confirmed', conflictType: 'personal' },
      after: { paper: 2, decision: 'not_conflict', reason: 'The lab closed in 2020.' },
    });

    const deleted = await undecide({ paper: 1, email: 'ada@pc.example.org' });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<ConflictDecisionReply>()).toMatchObject({
      message: 'DELETED',
      decision: { paper: 1, decision: 'not_conflict' },
    });
    expect((await assignments())[1]).toEqual([
      '1',
      'conflict',
      'ada@pc.example.org',
      'collaborator',
    ]);
    const again = await undecide({ paper: 1, email: 'ada@pc.example.org' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: chairWorkspaceMessages.noDecision });
    const deletions = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'conference.conflict-decision-delete'));
    expect(deletions).toHaveLength(1);
  });

  it.each([
    [
      'a paper that is not a submission',
      { paper: 99, email: 'ada@pc.example.org', decision: 'confirmed', reason: 'x' },
      { paper: [chairWorkspaceMessages.paperUnknown(99)] },
    ],
    [
      'someone not on the committee',
      { paper: 1, email: 'grace@uni.example.edu', decision: 'confirmed', reason: 'x' },
      { email: [chairWorkspaceMessages.memberUnknown('grace@uni.example.edu')] },
    ],
    [
      'a type on a decision that is no conflict',
      {
        paper: 1,
        email: 'ada@pc.example.org',
        decision: 'not_conflict',
        reason: 'x',
        conflict: 'advisor',
      },
      { conflict: [chairWorkspaceMessages.conflictTypeOnlyConfirmed] },
    ],
    [
      'no reason',
      { paper: 1, email: 'ada@pc.example.org', decision: 'confirmed', reason: '  ' },
      { reason: [chairWorkspaceMessages.reasonRequired] },
    ],
    [
      'another decision and no paper number',
      { paper: 'one', email: 'ada@pc.example.org', decision: 'maybe', reason: 'x' },
      {
        paper: [chairWorkspaceMessages.paperRequired],
        decision: [chairWorkspaceMessages.decisionRequired],
      },
    ],
  ])('refuses %s with 422 and changes nothing', async (_case, fields, errors) => {
    const before = (await matrix()).decisions;
    const response = await decide(fields as Fields);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors });
    expect((await matrix()).decisions).toEqual(before);
  });
});

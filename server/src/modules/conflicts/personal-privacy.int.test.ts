// A personal relation (type 5) is seen in full only by its parties and the administrators
// (docs/conflicts.md, "Personal relations"): its creator's own conflict list gives its type, its
// rule and its dates; the files they export, a chair's matrix, its files, the check of one
// person and the audit give a bare conflict ('Personal relation (details withheld)' for the
// relation type and for the rule, no dates, no comment); a chair cannot open it in the relation
// decision views, an administrator can.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuditReply,
  ConflictListReply,
  MatrixReply,
  PersonCheckReply,
  RelationLogReply,
  RelationSearchReply,
} from '@recuse/common';
import {
  conflictSelectionFields,
  defaultConflictRules,
  messages,
  relationDecisionMessages,
  selectionFieldOf,
  withheldPersonalRule,
} from '@recuse/common';
import { eq } from 'drizzle-orm';
import { conflictAuditRuns, relationComments } from '../../db/schema.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { ChairWorld } from '../../../test/chair-workspace.ts';
import { buildChairWorld, hotcrpFixture, uploadCsv } from '../../../test/chair-workspace.ts';
import type { Tokens } from '../../../test/factories.ts';
import { buildRelation, buildUser, signIn } from '../../../test/factories.ts';
import { get, post, viewRelation } from '../../../test/relation-requests.ts';

let t: TestApp;
let w: ChairWorld;
let personalId: number;
let ada: Tokens;
const secret = 'We have been married since 2012.';
const withheld = messages.personalRelationWithheld;
/** What names the rule that counts the relation, its window or its type beyond the bare words. */
const namesTheRule = ['personal-always', 'Personal relationship'];
const expectNoRule = (text: string, where?: string) => {
  for (const name of namesTheRule) expect(text, where).not.toContain(name);
};
const base = () => `/v1/web/conference/${w.confid}`;
/** Every DEFAULT rule, ticked (the workspace's conference has DEFAULT's rules). */
const selection = () => ({
  confid: w.confid,
  ...Object.fromEntries(
    conflictSelectionFields.map((field) => [
      field,
      defaultConflictRules
        .filter((rule) => selectionFieldOf(rule.relationTypeId) === field)
        .map((rule) => rule.value),
    ]),
  ),
});

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildChairWorld(t);
  await uploadCsv(t, `${base()}/committee`, w.chair, hotcrpFixture('committee.csv'));
  await uploadCsv(t, `${base()}/submissions`, w.chair, hotcrpFixture('authors.csv'));
  // Ada (on the committee) and Edsger (author of paper 2): a personal relation since 2012.
  const { relation } = await buildRelation(t.db, {
    type: 5,
    creator: w.people.ada,
    parties: [{ user: w.people.edsger, status: 1 }],
    start: { year: 2012 },
    overrides: { notes: 'Family' },
  });
  personalId = relation.id;
  await t.db
    .insert(relationComments)
    .values({ relationId: personalId, userId: w.people.ada.id, text: secret });
  ada = await signIn(t.app, w.people.ada.email!);
});
afterAll(() => t.close());

const adaOnPaper2 = (audit: Pick<AuditReply['run'], 'missed'>) =>
  audit.missed.find((item) => item.paper === 2 && item.member_email === 'ada@pc.example.org')!;

const personalReasons = <Reason extends { relation_type_id: number | null }>(reasons: Reason[]) =>
  reasons.filter((reason) => reason.relation_type_id === 5);

describe('a personal relation as its parties see it', () => {
  it('gives its creator their own conflict with its type and dates', async () => {
    const response = await post(t, '/v1/web/relations/data/list', ada, selection(), 'json');
    expect(response.statusCode, response.body).toBe(200);
    const edsger = response
      .json<ConflictListReply>()
      .user_conflicts.find((person) => person.id === w.people.edsger.id)!;
    expect(personalReasons(edsger.reason)).toEqual([
      expect.objectContaining({
        rule_value: 'personal-always',
        rule_title: 'Personal relationship (always)',
        relation_type_name: 'Personal relationship',
        start_year: 2012,
      }),
    ]);
  });

  it('lets its parties and the administrators open it, with its comment', async () => {
    expect((await viewRelation(t, ada, personalId)).statusCode).toBe(200);
    const stranger = await signIn(t.app, (await buildUser(t.db)).email!);
    expect((await viewRelation(t, stranger, personalId)).statusCode).toBe(404);
    const admin = await signIn(t.app, (await buildUser(t.db, { role: 'admin' })).email!);
    const log = await get(t, `/v1/web/admin/relations/${personalId}`, admin);
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json<RelationLogReply>().comments.map((comment) => comment.text)).toEqual([secret]);
  });
});

describe('a personal relation as everyone else sees it: a bare conflict', () => {
  it('exports it withheld in CSV and JSON, with no dates and no rule of its own', async () => {
    const csv = await post(
      t,
      '/v1/web/relations/data/conflicts_export',
      ada,
      { ...selection(), format: 'csv' },
      'json',
    );
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = parse(csv.body, { columns: true }) as Array<Record<string, string>>;
    const personal = rows.filter((row) => row.name === 'Edsger Dijkstra');
    expect(personal).toEqual([
      expect.objectContaining({
        rule: withheldPersonalRule.value,
        rule_title: withheld,
        relation_type: withheld,
        title: '',
        start: '',
        end: '',
      }),
    ]);
    const json = await post(
      t,
      '/v1/web/relations/data/conflicts_export',
      ada,
      { ...selection(), format: 'json' },
      'json',
    );
    expectNoRule(csv.body, 'csv');
    expect(json.body).toContain(withheld);
    expect(json.body).not.toContain('2012');
    expectNoRule(json.body, 'json');
  });

  it("shows it withheld in the chair's matrix, its files and the check of one person", async () => {
    const matrix = await get(t, `${base()}/matrix`, w.chair);
    expect(matrix.statusCode, matrix.body).toBe(200);
    const adaOnPaper2 = matrix
      .json<MatrixReply>()
      .conflicts.find((row) => row.paper === 2 && row.member_email === 'ada@pc.example.org')!;
    expect(adaOnPaper2.hotcrp_conflict).toBe('personal');
    expect(personalReasons(adaOnPaper2.reasons)).toEqual([
      expect.objectContaining({
        kind: 'relation',
        rule_value: withheldPersonalRule.value,
        rule_title: withheld,
        relation_type_name: withheld,
        title: null,
        start_year: null,
        start_month: null,
        end_year: null,
        end_month: null,
      }),
    ]);
    expect(matrix.body).not.toContain(secret);
    // The reply lists the conference's rules (the chair's own policy); no conflict names one.
    expectNoRule(JSON.stringify(matrix.json<MatrixReply>().conflicts), 'matrix');

    for (const file of ['matrix', 'collaborators']) {
      const exported = await get(t, `${base()}/export/${file}.csv`, w.chair);
      expect(exported.statusCode, exported.body).toBe(200);
      const line = exported.body.split('\r\n').find((row) => row.includes('Edsger'))!;
      expect(line, file).toContain(withheld);
      expect(line, file).not.toContain('2012');
      expect(line, file).not.toContain('ongoing');
      expectNoRule(exported.body, file);
    }
    const collaborators = await get(t, `${base()}/export/collaborators.csv`, w.chair);
    const rows = parse(collaborators.body, { columns: true }) as Array<Record<string, string>>;
    expect(rows.find((row) => row.name === 'Edsger Dijkstra')?.note).toBe(withheld);

    const checked = await post(
      t,
      `${base()}/person-check`,
      w.chair,
      { email: 'ada@pc.example.org' },
      'json',
    );
    const reasons = checked.json<PersonCheckReply>().conflicts.flatMap((row) => row.reasons);
    expect(
      personalReasons(reasons).map((reason) => [reason.rule_title, reason.relation_type_name]),
    ).toEqual([[withheld, withheld]]);
    expect(checked.body).not.toContain('2012');
    expectNoRule(checked.body, 'person check');
  });

  it("gives it in the audit's evidence as the bare words, without the rule", async () => {
    // The declared file does not name Ada on paper 2: a missed conflict, with its evidence.
    const audited = await uploadCsv(
      t,
      `${base()}/audit`,
      w.chair,
      hotcrpFixture('pc-conflicts.csv'),
    );
    expect(audited.statusCode, audited.body).toBe(200);
    expect(adaOnPaper2(audited.json<AuditReply>().run).evidence).toBe(
      `${withheld} with Edsger Dijkstra`,
    );
    expectNoRule(audited.body, 'audit');
    expect(audited.body).not.toContain('2012');
    const file = await get(t, `${base()}/export/audit.csv`, w.chair);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toContain(`${withheld} with Edsger Dijkstra`);
    expectNoRule(file.body, 'audit file');
  });

  it('reads an audit stored when the rule was still named as one made now', async () => {
    const [run] = await t.db
      .select()
      .from(conflictAuditRuns)
      .where(eq(conflictAuditRuns.conferenceId, w.confid));
    const named = structuredClone(run!.result) as AuditReply['run'];
    const item = adaOnPaper2(named);
    item.evidence = `Personal relationship (always): ${withheld} with Edsger Dijkstra`;
    item.reasons = item.reasons.map((reason) => ({
      ...reason,
      rule_value: 'personal-always',
      rule_title: 'Personal relationship (always)',
    }));
    await t.db
      .update(conflictAuditRuns)
      .set({ result: named })
      .where(eq(conflictAuditRuns.id, run!.id));

    const read = await get(t, `${base()}/audit/${run!.number}`, w.chair);
    expect(read.statusCode, read.body).toBe(200);
    expect(adaOnPaper2(read.json<AuditReply>().run)).toMatchObject({
      evidence: `${withheld} with Edsger Dijkstra`,
      reasons: [{ rule_value: withheldPersonalRule.value, rule_title: withheld }],
    });
    expectNoRule(read.body, 'stored audit');
    const file = await get(t, `${base()}/export/audit.csv?run=${run!.number}`, w.chair);
    expect(file.body).toContain(`${withheld} with Edsger Dijkstra`);
    expectNoRule(file.body, 'stored audit file');
  });

  it('keeps it out of a chair’s relation decision views', async () => {
    const log = await get(t, `/v1/web/admin/relations/${personalId}`, w.chair);
    expect(log.statusCode).toBe(403);
    expect(log.json().message).toBe(relationDecisionMessages.personalRelation);
    expect(log.body).not.toContain(secret);
    const search = await get(t, `/v1/web/admin/relations?q=Lovelace`, w.chair);
    expect(search.statusCode, search.body).toBe(200);
    const ids = search.json<RelationSearchReply>().relations.map((relation) => relation.id);
    expect(ids).toContain(w.relations.adaGrace);
    expect(ids).not.toContain(personalId);
    const byNumber = await get(t, `/v1/web/admin/relations?q=${personalId}`, w.chair);
    expect(byNumber.json<RelationSearchReply>().relations).toEqual([]);
    const decided = await post(
      t,
      '/v1/web/admin/relations/delete',
      w.chair,
      { relationId: personalId, reason: 'Testing' },
      'json',
    );
    expect(decided.statusCode).toBe(403);
  });
});

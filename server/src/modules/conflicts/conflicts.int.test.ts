// The conflict list through the API: POST /v1/web/relations/data/list with rules (people and
// institutions, validated and provisional, within and outside the windows), its refusals, and
// the exports (HotCRP text read back line by line, CSV, JSON).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ConferenceOption,
  ConferenceReply,
  ConflictPersonWire,
  InstitutionConflictWire,
} from '@recuse/common';
import { conflictSelectionMessages, institutionStatus, messages } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { Tokens } from '../../../test/factories.ts';
import {
  buildAffiliation,
  buildInstitution,
  buildRelation,
  buildUser,
  positionIds,
} from '../../../test/factories.ts';
import { signedInUser } from '../../../test/profile-requests.ts';
import { post } from '../../../test/relation-requests.ts';
import { conflictCsvHeader } from '../../conflicts/csv.ts';
import { provisionalHeading } from '../../conflicts/exports.ts';

let t: TestApp;
let ada: { session: Tokens; user: { id: number } };
let conference: ConferenceOption;

const listUrl = '/v1/web/relations/data/list';
const exportUrl = '/v1/web/relations/data/conflicts_export';
const allRules = {
  conflictRules: JSON.stringify(['coauthor-4y', 'advisor-always']),
  conflictRulesPendingEmp: JSON.stringify(['pending-6m']),
  conflictInstiRules: JSON.stringify(['insti-2y']),
};

/**
 * A conference with R = June 2026 and four rules; Ada and the people around her:
 * - Bob: her validated 2024 paper (in); Cyd: her 2025 paper Cyd has not answered (provisional);
 *   Dan: a validated 2021 paper (before the June 2022 cutoff: out); Eve: a 2022 paper, year only,
 *   read as December 2022 (in).
 * - Fay: advised Ada from 2005 to 2010 (ALWAYS, read-only).
 * - Ada's application at Pending U since March 2026 (type 8, within 6 months).
 * - Home U: Ada there since 2020; Gus since 2023 (overlap: in); Hal left in 2019 (no overlap);
 *   Ivy since 2024 at 'Home U (old)', merged into Home U (the same place: in).
 */
beforeAll(async () => {
  t = await buildTestApp();
  ada = await signedInUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
  const chair = await signedInUser(t);
  const created = await post(
    t,
    '/v1/web/conference/data/save',
    chair.session,
    { name: 'TEST-2026', label: 'Test 2026', reference_date: '2026-06-15' },
    'json',
  );
  const confid = created.json<ConferenceReply>().conference.confid;
  const rules = [
    {
      value: 'coauthor-4y',
      rule_title: 'Co-authored within 4 years',
      relation_type_id: 3,
      operation_txt: 'WITHIN_X_YEARS',
      number_of_year: 4,
    },
    {
      value: 'advisor-always',
      rule_title: 'Advisor (always)',
      relation_type_id: 1,
      operation_txt: 'ALWAYS',
      readonly_field: 1,
    },
    {
      value: 'pending-6m',
      rule_title: 'Pending application within 6 months',
      relation_type_id: 8,
      operation_txt: 'WITHIN_X_MONTHS',
      number_of_month: 6,
    },
    {
      value: 'insti-2y',
      rule_title: 'Institutional within 2 years',
      relation_type_id: 0,
      operation_txt: 'WITHIN_X_YEARS',
      number_of_year: 2,
    },
  ];
  let reply: ConferenceReply | undefined;
  for (const rule of rules) {
    const response = await post(
      t,
      `/v1/web/conference/data/rule/save/${confid}`,
      chair.session,
      rule,
      'json',
    );
    expect(response.statusCode, response.body).toBe(200);
    reply = response.json<ConferenceReply>();
  }
  conference = reply!.conference;

  const person = (firstName: string, lastName: string) => buildUser(t.db, { firstName, lastName });
  const [bob, cyd, dan, eve, fay, gus, hal, ivy, jo] = await Promise.all([
    person('Bob', 'Baker'),
    person('Cyd', 'Charisse'),
    person('Dan', 'Dunn'),
    person('Eve', 'Evans'),
    person('Fay', 'Fisher'),
    person('Gus', 'Grant'),
    person('Hal', 'Hart'),
    person('Ivy', 'Irwin'),
    person('Jo', 'Jones'),
  ]);
  const me = ada.user as Awaited<ReturnType<typeof buildUser>>;
  await buildRelation(t.db, {
    creator: me,
    title: 'Paper 2024',
    end: { year: 2024 },
    parties: [{ user: bob!, status: 1 }],
  });
  await buildRelation(t.db, {
    creator: me,
    title: 'Paper 2025',
    end: { year: 2025 },
    parties: [{ user: cyd!, status: 3 }],
  });
  await buildRelation(t.db, {
    creator: me,
    title: 'Paper 2021',
    end: { year: 2021 },
    parties: [{ user: dan!, status: 1 }],
  });
  await buildRelation(t.db, {
    creator: eve!,
    title: 'Paper 2022',
    end: { year: 2022 },
    parties: [{ user: me, status: 1 }],
  });
  await buildRelation(t.db, {
    type: 1,
    creator: fay!,
    start: { year: 2005 },
    end: { year: 2010 },
    parties: [{ user: me, status: 1 }],
  });
  const pendingU = await buildInstitution(t.db, { name: 'Pending U' });
  await buildRelation(t.db, {
    type: 8,
    creator: me,
    institutionId: pendingU.id,
    start: { year: 2026, month: 3 },
    end: null,
  });
  // A co-author's current affiliation names them in the list; someone at the institution Ada
  // applied to is no conflict of hers (only her own affiliations are institutional).
  const bobU = await buildInstitution(t.db, { name: 'Bob U' });
  await buildAffiliation(t.db, bob!.id, { institutionId: bobU.id, startDate: '2019-01-01' });
  await buildAffiliation(t.db, jo!.id, { institutionId: pendingU.id, startDate: '2022-01-01' });
  const homeU = await buildInstitution(t.db, { name: 'Home U' });
  const oldHomeU = await buildInstitution(t.db, { name: 'Home U (old)', mergedIntoId: homeU.id });
  await buildAffiliation(t.db, me.id, { institutionId: homeU.id, startDate: '2020-01-01' });
  await buildAffiliation(t.db, gus!.id, {
    institutionId: homeU.id,
    startDate: '2023-01-01',
    positionId: positionIds.postdoc,
  });
  await buildAffiliation(t.db, hal!.id, {
    institutionId: homeU.id,
    startDate: '2015-01-01',
    endDate: '2019-12-01',
    isCurrent: false,
  });
  await buildAffiliation(t.db, ivy!.id, {
    institutionId: oldHomeU.id,
    startDate: '2024-09-01',
    positionId: positionIds.intern,
  });
});
afterAll(() => t.close());

const list = (fields: Record<string, unknown>, encoding: 'form' | 'json' = 'form') =>
  post(t, listUrl, ada.session, { confid: conference.confid, ...fields }, encoding);

describe('POST /v1/web/relations/data/list with conflict rules', () => {
  it('names everyone the rules make a conflict, with reasons, firm or provisional', async () => {
    const response = await list(allRules);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{
      user_conflicts: ConflictPersonWire[];
      institution_list: InstitutionConflictWire[];
      tot_relations: number;
    }>();
    expect(body.tot_relations).toBeGreaterThan(0);
    const people = body.user_conflicts.map((person) => [
      person.name,
      person.is_provisional,
      person.reason.map((reason) => reason.rule_value),
    ]);
    expect(people).toEqual([
      ['Bob Baker', false, ['coauthor-4y']],
      ['Cyd Charisse', true, ['coauthor-4y']],
      ['Eve Evans', false, ['coauthor-4y']],
      ['Fay Fisher', false, ['advisor-always']],
      ['Gus Grant', false, ['insti-2y']],
      ['Ivy Irwin', false, ['insti-2y']],
    ]);
    const cyd = body.user_conflicts.find((person) => person.name === 'Cyd Charisse')!;
    expect(cyd.reason[0]).toMatchObject({
      rule_title: 'Co-authored within 4 years',
      relation_type_id: 3,
      relation_type_name: 'Co-authored publication',
      title: 'Paper 2025',
      end_year: 2025,
      status: 3,
      is_provisional: true,
    });
    const bob = body.user_conflicts.find((person) => person.name === 'Bob Baker')!;
    expect(bob).toMatchObject({ affiliation: 'Bob U' });
    const ivy = body.user_conflicts.find((person) => person.name === 'Ivy Irwin')!;
    expect(ivy).toMatchObject({ affiliation: 'Home U' });
    expect(ivy.reason[0]).toMatchObject({
      relation_id: null,
      title: 'Home U',
      start_year: 2024,
      start_month: 9,
      end_year: null,
      is_intern: true,
    });

    expect(body.institution_list).toEqual([
      expect.objectContaining({
        institution_name: 'Home U',
        type_of_position: 'Faculty',
        year: 2020,
        years: '2020-present',
        is_provisional: false,
      }),
      expect.objectContaining({
        institution_name: 'Pending U',
        type_of_position: 'Pending employment or graduate-school application',
        year: 2026,
        years: '2026-present',
        is_provisional: false,
      }),
    ]);
    expect(body.institution_list[1]!.reason[0]).toMatchObject({
      rule_value: 'pending-6m',
      relation_type_id: 8,
      start_month: 3,
    });
  });

  it('computes only with the rules ticked, and accepts rule objects in a JSON body', async () => {
    const onlyAdvisor = await list({ conflictRules: JSON.stringify(['advisor-always']) });
    expect(onlyAdvisor.json().user_conflicts.map((p: ConflictPersonWire) => p.name)).toEqual([
      'Fay Fisher',
    ]);
    expect(onlyAdvisor.json().institution_list).toEqual([]);

    const ruleOf = (value: string) => conference.rules.find((rule) => rule.value === value)!;
    const asObjects = await list(
      {
        conflictRules: [ruleOf('coauthor-4y'), ruleOf('advisor-always')],
        conflictRulesPendingEmp: [],
        conflictInstiRules: [ruleOf('insti-2y')],
      },
      'json',
    );
    expect(asObjects.statusCode, asObjects.body).toBe(200);
    expect(asObjects.json().user_conflicts).toHaveLength(6);
    expect(
      asObjects.json().institution_list.map((row: InstitutionConflictWire) => row.institution_name),
    ).toEqual(['Home U']);
  });

  it('takes rule definitions from the database, never from the client', async () => {
    const forged = {
      ...conference.rules.find((rule) => rule.value === 'coauthor-4y')!,
      operation_txt: 'ALWAYS',
    };
    const response = await list({ conflictRules: [forged, 'advisor-always'] }, 'json');
    const names = response.json().user_conflicts.map((p: ConflictPersonWire) => p.name);
    expect(names).not.toContain('Dan Dunn');
  });

  it('refuses an unknown conference (404), unknown rules, unreadable fields and unticked read-only rules (422)', async () => {
    const unknown = await list({ ...allRules, confid: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: messages.notFound });

    const refusals: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [
        { ...allRules, conflictRules: JSON.stringify(['advisor-always', 'nope']) },
        { conflictRules: [conflictSelectionMessages.unknownRule('nope')] },
      ],
      [
        { ...allRules, conflictInstiRules: '[oops' },
        { conflictInstiRules: [conflictSelectionMessages.unreadable] },
      ],
      [
        { ...allRules, conflictRules: JSON.stringify({ value: 'advisor-always' }) },
        {
          conflictRules: [
            conflictSelectionMessages.unreadable,
            conflictSelectionMessages.readonlyMissing('Advisor (always)'),
          ],
        },
      ],
      [
        { ...allRules, conflictRules: JSON.stringify(['coauthor-4y']) },
        { conflictRules: [conflictSelectionMessages.readonlyMissing('Advisor (always)')] },
      ],
    ];
    for (const [fields, errors] of refusals) {
      const response = await list(fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(422);
      // Nothing else is computed: the answer is the errors alone.
      expect(response.json()).toEqual({ message: 'Please check below fields:', errors });
    }
  });

  it('answers as before when no conflict field is sent, or no rule in them', async () => {
    const empty = { conflictRules: '[]', conflictRulesPendingEmp: '[]', conflictInstiRules: '' };
    for (const fields of [{}, empty]) {
      const response = await post(t, listUrl, ada.session, fields);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.user_conflicts).toEqual([]);
      expect(body.institution_list).toEqual([
        expect.objectContaining({
          institution_name: 'Home U',
          institution_status: institutionStatus.approved,
        }),
      ]);
    }
  });

  it('uses DEFAULT when no conference is named', async () => {
    const newcomer = await signedInUser(t);
    const response = await post(t, listUrl, newcomer.session, {
      conflictRules: JSON.stringify(['advisor-always', 'personal-always']),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user_conflicts).toEqual([]);
  });

  it("treats another institution whose name is this one's alias, or this name spelt otherwise, as the same place", async () => {
    // Three rows: the names compare by the keys stored with each (name_key, alias_keys).
    const kim = await signedInUser(t, { firstName: 'Kim', lastName: 'Klein' });
    const [lee, max] = await Promise.all([
      buildUser(t.db, { firstName: 'Lee', lastName: 'Lang' }),
      buildUser(t.db, { firstName: 'Max', lastName: 'Moss' }),
    ]);
    const mit = await buildInstitution(t.db, {
      name: 'Massachusetts Institute of Technology',
      aliases: ['MIT'],
    });
    const byAlias = await buildInstitution(t.db, { name: 'MIT' });
    const spelt = await buildInstitution(t.db, { name: 'massachusetts-institute of TECHNOLOGY' });
    await buildAffiliation(t.db, kim.user.id, { institutionId: mit.id, startDate: '2020-01-01' });
    await buildAffiliation(t.db, lee.id, { institutionId: byAlias.id, startDate: '2022-01-01' });
    await buildAffiliation(t.db, max.id, { institutionId: spelt.id, startDate: '2023-01-01' });

    const response = await post(
      t,
      listUrl,
      kim.session,
      {
        confid: conference.confid,
        conflictRules: JSON.stringify(['advisor-always']),
        conflictInstiRules: JSON.stringify(['insti-2y']),
      },
      'form',
    );
    expect(response.statusCode, response.body).toBe(200);
    const conflicts: ConflictPersonWire[] = response.json().user_conflicts;
    expect(conflicts.map((person) => [person.name, person.reason[0]!.title])).toEqual([
      ['Lee Lang', 'Massachusetts Institute of Technology'],
      ['Max Moss', 'Massachusetts Institute of Technology'],
    ]);
  });
});

const exportAs = (format: string, fields: Record<string, unknown> = allRules) =>
  post(t, exportUrl, ada.session, { confid: conference.confid, format, ...fields });

/** HotCRP's collaborators text read back: entries, with the comment lines apart. */
function parseHotcrp(text: string) {
  const entries: Array<{ name: string; affiliation: string | null; provisional: boolean }> = [];
  let provisional = false;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      provisional = line === provisionalHeading;
      continue;
    }
    const match = /^([^(]+?)(?: \((.*)\))?$/.exec(line);
    expect(match, line).not.toBeNull();
    entries.push({ name: match![1]!, affiliation: match![2] ?? null, provisional });
  }
  return entries;
}

describe('POST /v1/web/relations/data/conflicts_export', () => {
  it('writes HotCRP collaborators text: firm entries, then the provisional ones after a comment', async () => {
    const response = await exportAs('hotcrp');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="conflicts-TEST-2026.txt"',
    );
    expect(parseHotcrp(response.body)).toEqual([
      { name: 'Bob Baker', affiliation: 'Bob U', provisional: false },
      { name: 'Eve Evans', affiliation: null, provisional: false },
      { name: 'Fay Fisher', affiliation: null, provisional: false },
      { name: 'Gus Grant', affiliation: 'Home U', provisional: false },
      { name: 'Ivy Irwin', affiliation: 'Home U', provisional: false },
      { name: 'All', affiliation: 'Home U', provisional: false },
      { name: 'All', affiliation: 'Pending U', provisional: false },
      { name: 'Cyd Charisse', affiliation: null, provisional: true },
    ]);
  });

  it('writes CSV, one row per reason', async () => {
    const response = await exportAs('csv');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="conflicts-TEST-2026.csv"',
    );
    const rows = response.body.split('\r\n').filter((line) => line !== '');
    expect(rows[0]).toBe(conflictCsvHeader.join(','));
    const records = rows.slice(1).map((row) => row.split(','));
    expect(records.map((record) => [record[0], record[2], record[5]])).toEqual([
      ['person', 'Bob Baker', 'coauthor-4y'],
      ['person', 'Cyd Charisse', 'coauthor-4y'],
      ['person', 'Eve Evans', 'coauthor-4y'],
      ['person', 'Fay Fisher', 'advisor-always'],
      ['person', 'Gus Grant', 'insti-2y'],
      ['person', 'Ivy Irwin', 'insti-2y'],
      ['institution', 'Home U', 'insti-2y'],
      ['institution', 'Pending U', 'pending-6m'],
    ]);
  });

  it('writes JSON with the conference and its reference date', async () => {
    const response = await exportAs('json');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="conflicts-TEST-2026.json"',
    );
    const document = JSON.parse(response.body);
    expect(document).toMatchObject({ conference: 'TEST-2026', referenceDate: '2026-06' });
    expect(document.people.map((person: { name: string }) => person.name)).toEqual([
      'Bob Baker',
      'Cyd Charisse',
      'Eve Evans',
      'Fay Fisher',
      'Gus Grant',
      'Ivy Irwin',
    ]);
    expect(document.institutions).toHaveLength(2);
  });

  it('writes None for an empty list, and refuses a missing format or a bad selection', async () => {
    const loner = await signedInUser(t);
    const empty = await post(t, exportUrl, loner.session, {
      format: 'hotcrp',
      conflictRules: JSON.stringify(['advisor-always', 'personal-always']),
    });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.body).toBe('None\n');
    expect(empty.headers['content-disposition']).toBe(
      'attachment; filename="conflicts-DEFAULT.txt"',
    );

    const noFormat = await exportAs('');
    expect(noFormat.statusCode).toBe(422);
    expect(Object.keys(noFormat.json().errors)).toEqual(['format']);
    const unticked = await exportAs('csv', { conflictRules: '["coauthor-4y"]' });
    expect(unticked.statusCode).toBe(422);
    expect((await exportAs('csv', { ...allRules, confid: 'nope' })).statusCode).toBe(404);
  });

  it('needs a signed-in user', async () => {
    const response = await post(t, exportUrl, null, { format: 'csv', ...allRules });
    expect(response.statusCode).toBe(401);
  });
});

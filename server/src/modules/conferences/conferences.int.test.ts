// The conference dropdown (`conferDrpList`), migration 0007's DEFAULT conference, and the
// management calls of chairs and administrators with who may make them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ChairedConferencesReply, ConferenceDropList, ConferenceReply } from '@recuse/common';
import { conferenceMessages, defaultConflictRules, ruleToWire } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { signedInUser } from '../../../test/profile-requests.ts';
import { get, post } from '../../../test/relation-requests.ts';
import type { Tokens } from '../../../test/factories.ts';
import { buildUser } from '../../../test/factories.ts';
import { auditLog, conferenceRules, conferences } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const dropList = async (session: Tokens) => {
  const response = await get(t, '/v1/web/conference/data/list/conferDrpList', session);
  expect(response.statusCode).toBe(200);
  return response.json<ConferenceDropList>();
};

const withinYearsRule = {
  rule_title: 'Co-authored within 3 years',
  relation_type_id: 3,
  operation_txt: 'WITHIN_X_YEARS',
  number_of_year: 3,
  end_date_check: 1,
};

let nameSequence = 0;
async function createConference(session: Tokens, fields: Record<string, unknown> = {}) {
  nameSequence += 1;
  const response = await post(
    t,
    '/v1/web/conference/data/save',
    session,
    { name: `CONF-${nameSequence}`, label: `Conference ${nameSequence}`, ...fields },
    'json',
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ConferenceReply>().conference;
}

const rulesOf = async (conferenceId: number) =>
  t.db
    .select({ value: conferenceRules.value, title: conferenceRules.title })
    .from(conferenceRules)
    .where(eq(conferenceRules.conferenceId, conferenceId))
    .orderBy(conferenceRules.sortOrder);

describe('GET /v1/web/conference/data/list/conferDrpList', () => {
  it('answers DEFAULT first with exactly the rules of defaultConflictRules (migration 0007)', async () => {
    const { session } = await signedInUser(t);
    const list = await dropList(session);
    const expected = defaultConflictRules.map(ruleToWire);
    expect(list.default_rules).toEqual(expected);
    expect(list.options[0]).toEqual({
      value: 'DEFAULT',
      label: 'Default',
      conference_name: 'DEFAULT',
      confid: expect.any(Number),
      reference_date: null,
      rules: expected,
    });
  });

  it('lists every conference after DEFAULT, with its reference date and rules', async () => {
    const chair = await signedInUser(t);
    const created = await createConference(chair.session, {
      name: 'ISCA-2027',
      label: 'ISCA 2027',
      reference_date: '2026-11-15',
    });
    const reader = await signedInUser(t);
    const list = await dropList(reader.session);
    expect(list.options[0]!.value).toBe('DEFAULT');
    expect(list.options).toContainEqual({
      value: String(created.confid),
      label: 'ISCA 2027',
      conference_name: 'ISCA-2027',
      confid: created.confid,
      reference_date: '2026-11-15',
      rules: [],
    });
  });

  it('needs a signed-in user', async () => {
    const response = await get(t, '/v1/web/conference/data/list/conferDrpList', null);
    expect(response.statusCode).toBe(401);
  });
});

describe('creating a conference', () => {
  it('makes its creator a chair, who may then add, edit and delete its rules', async () => {
    const chair = await signedInUser(t);
    const conference = await createConference(chair.session, { reference_date: '' });
    expect(conference.reference_date).toBeNull();

    const added = await post(
      t,
      `/v1/web/conference/data/rule/save/${conference.confid}`,
      chair.session,
      withinYearsRule,
      'json',
    );
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<ConferenceReply>().conference.rules).toEqual([
      {
        value: 'co-authored-within-3-years',
        rule_title: 'Co-authored within 3 years',
        relation_type_id: 3,
        start_date_check: 0,
        end_date_check: 1,
        readonly_field: 0,
        operation_txt: 'WITHIN_X_YEARS',
        number_of_year: 3,
        number_of_month: null,
      },
    ]);

    // The same title again gets its own id; a form-encoded body works like JSON.
    const again = await post(
      t,
      `/v1/web/conference/data/rule/save/${conference.confid}`,
      chair.session,
      { ...withinYearsRule, readonly_field: 1 },
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(
      again
        .json<ConferenceReply>()
        .conference.rules.map((rule) => [rule.value, rule.readonly_field]),
    ).toEqual([
      ['co-authored-within-3-years', 0],
      ['co-authored-within-3-years-2', 1],
    ]);

    const edited = await post(
      t,
      `/v1/web/conference/data/rule/update/${conference.confid}/co-authored-within-3-years`,
      chair.session,
      {
        rule_title: 'Advisor, always',
        relation_type_id: 1,
        operation_txt: 'ALWAYS',
        number_of_year: 9,
        readonly_field: 1,
      },
      'json',
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<ConferenceReply>().conference.rules[0]).toMatchObject({
      value: 'co-authored-within-3-years',
      rule_title: 'Advisor, always',
      relation_type_id: 1,
      operation_txt: 'ALWAYS',
      number_of_year: null,
      readonly_field: 1,
    });

    const deleted = await post(
      t,
      `/v1/web/conference/data/rule/delete/${conference.confid}/co-authored-within-3-years-2`,
      chair.session,
      {},
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await rulesOf(conference.confid)).toEqual([
      { value: 'co-authored-within-3-years', title: 'Advisor, always' },
    ]);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, conference.confid));
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'conference.create',
        'conference.rule-create',
        'conference.rule-update',
        'conference.rule-delete',
      ]),
    );
  });

  it('refuses a taken name (ignoring case), DEFAULT, a bad name or date, and creates nothing', async () => {
    const { session } = await signedInUser(t);
    await createConference(session, { name: 'MICRO-2026' });
    const before = await t.db.select().from(conferences);
    const taken = await post(
      t,
      '/v1/web/conference/data/save',
      session,
      { name: 'micro-2026', label: 'Again' },
      'json',
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: 'Please check below fields:',
      errors: { name: [conferenceMessages.nameTaken] },
    });
    const invalid = await post(
      t,
      '/v1/web/conference/data/save',
      session,
      { name: 'default', label: '', reference_date: '2026-02-30' },
      'json',
    );
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({
      name: [conferenceMessages.nameReserved],
      label: [conferenceMessages.label],
      reference_date: [conferenceMessages.referenceDate],
    });
    const badName = await post(
      t,
      '/v1/web/conference/data/save',
      session,
      { name: 'has spaces/and slashes', label: 'X' },
      'json',
    );
    expect(badName.json().errors).toEqual({ name: [conferenceMessages.name] });
    expect(await t.db.select().from(conferences)).toEqual(before);
  });

  it('checks rules: a window needs its number, the type must exist, ids stay unique', async () => {
    const { session } = await signedInUser(t);
    const conference = await createConference(session);
    const url = `/v1/web/conference/data/rule/save/${conference.confid}`;
    const noYears = await post(t, url, session, { ...withinYearsRule, number_of_year: '' }, 'json');
    expect(noYears.statusCode).toBe(422);
    expect(noYears.json().errors).toEqual({ number_of_year: [conferenceMessages.years] });
    const badType = await post(
      t,
      url,
      session,
      { ...withinYearsRule, relation_type_id: 9, operation_txt: 'SOMETIMES' },
      'json',
    );
    expect(badType.json().errors).toEqual({
      relation_type_id: [conferenceMessages.relationType],
      operation_txt: [conferenceMessages.operation],
    });
    expect(
      (await post(t, url, session, { ...withinYearsRule, value: 'mine' }, 'json')).statusCode,
    ).toBe(200);
    const duplicate = await post(t, url, session, { ...withinYearsRule, value: 'mine' }, 'json');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toEqual({ value: [conferenceMessages.valueTaken] });
    expect(await rulesOf(conference.confid)).toHaveLength(1);
  });
});

describe('who may change a conference', () => {
  it('refuses people who do not chair it (403) and names unknown conferences and rules 404', async () => {
    const chair = await signedInUser(t);
    const stranger = await signedInUser(t);
    const conference = await createConference(chair.session, { reference_date: '2026-01-01' });
    await post(
      t,
      `/v1/web/conference/data/rule/save/${conference.confid}`,
      chair.session,
      { ...withinYearsRule, value: 'kept' },
      'json',
    );
    const id = conference.confid;
    const attempts = [
      [`/v1/web/conference/data/rule/save/${id}`, withinYearsRule],
      [`/v1/web/conference/data/rule/update/${id}/kept`, withinYearsRule],
      [`/v1/web/conference/data/rule/delete/${id}/kept`, {}],
      [`/v1/web/conference/data/update/${id}`, { label: 'Taken over' }],
      [`/v1/web/conference/data/delete/${id}`, {}],
      [`/v1/web/conference/data/chair/add/${id}`, { email: stranger.user.email }],
    ] as const;
    for (const [url, body] of attempts) {
      const response = await post(t, url, stranger.session, body, 'json');
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({
        message: 'Only the chairs of this conference and administrators may change it.',
      });
    }
    expect(await rulesOf(id)).toEqual([{ value: 'kept', title: withinYearsRule.rule_title }]);
    const [stored] = await t.db.select().from(conferences).where(eq(conferences.id, id));
    expect(stored).toMatchObject({ label: conference.label, referenceDate: '2026-01-01' });

    const unknownConference = await post(
      t,
      '/v1/web/conference/data/rule/save/999999',
      chair.session,
      withinYearsRule,
      'json',
    );
    expect(unknownConference.statusCode).toBe(404);
    const unknownRule = await post(
      t,
      `/v1/web/conference/data/rule/delete/${id}/nothing-here`,
      chair.session,
      {},
    );
    expect(unknownRule.statusCode).toBe(404);
  });

  it('lets a chair add a co-chair, who may then change it, and delete it', async () => {
    const chair = await signedInUser(t);
    const cochair = await signedInUser(t);
    const conference = await createConference(chair.session);
    const added = await post(
      t,
      `/v1/web/conference/data/chair/add/${conference.confid}`,
      chair.session,
      { email: cochair.user.email },
      'json',
    );
    expect(added.statusCode, added.body).toBe(200);
    const updated = await post(
      t,
      `/v1/web/conference/data/update/${conference.confid}`,
      cochair.session,
      { label: 'Renamed', reference_date: '2027-03-01' },
      'json',
    );
    expect(updated.json<ConferenceReply>().conference).toMatchObject({
      label: 'Renamed',
      reference_date: '2027-03-01',
    });
    const unknown = await post(
      t,
      `/v1/web/conference/data/chair/add/${conference.confid}`,
      chair.session,
      { email: 'nobody-here@example.org' },
      'json',
    );
    expect(unknown.statusCode).toBe(422);
    // A sign-up that has not opened its confirmation link is no one's proof of the address.
    const unconfirmed = await buildUser(t.db, { isEmailConfirmed: false });
    const refused = await post(
      t,
      `/v1/web/conference/data/chair/add/${conference.confid}`,
      chair.session,
      { email: unconfirmed.email },
      'json',
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(unknown.json());
    const deleted = await post(
      t,
      `/v1/web/conference/data/delete/${conference.confid}`,
      cochair.session,
      {},
    );
    expect(deleted.statusCode).toBe(200);
    const list = await dropList(chair.session);
    expect(list.options.map((option) => option.confid)).not.toContain(conference.confid);
  });

  it("leaves DEFAULT's rules to administrators, and DEFAULT itself to nobody", async () => {
    const user = await signedInUser(t);
    const admin = await signedInUser(t, { role: 'admin' });
    const ruleUrl = '/v1/web/conference/data/rule/update/DEFAULT/coauthor-4y';
    const byUser = await post(
      t,
      ruleUrl,
      user.session,
      { ...withinYearsRule, number_of_year: 5 },
      'json',
    );
    expect(byUser.statusCode).toBe(403);
    expect(byUser.json()).toEqual({
      message: "Only administrators may change the default conference's rules.",
    });
    for (const url of [
      '/v1/web/conference/data/update/DEFAULT',
      '/v1/web/conference/data/delete/DEFAULT',
    ]) {
      const response = await post(t, url, admin.session, { label: 'Other' }, 'json');
      expect(response.statusCode, url).toBe(403);
    }

    const byAdmin = await post(
      t,
      ruleUrl,
      admin.session,
      {
        ...withinYearsRule,
        rule_title: 'Co-authored publication within 5 years',
        number_of_year: 5,
      },
      'json',
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await dropList(user.session)).default_rules[0]).toMatchObject({
      value: 'coauthor-4y',
      number_of_year: 5,
    });
    // Put it back: the other tests of this file read DEFAULT as migration 0007 seeds it.
    await post(t, ruleUrl, admin.session, { ...ruleToWire(defaultConflictRules[0]!) }, 'json');
    expect((await dropList(user.session)).default_rules).toEqual(
      defaultConflictRules.map(ruleToWire),
    );
  });

  it('lets an administrator change any conference', async () => {
    const chair = await signedInUser(t);
    const admin = await signedInUser(t, { role: 'admin' });
    const conference = await createConference(chair.session);
    const response = await post(
      t,
      `/v1/web/conference/data/rule/save/${conference.confid}`,
      admin.session,
      withinYearsRule,
      'json',
    );
    expect(response.statusCode).toBe(200);
  });
});

describe('GET /v1/web/conference/data/list/chaired', () => {
  const chairedList = async (session: Tokens) => {
    const response = await get(t, '/v1/web/conference/data/list/chaired', session);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ChairedConferencesReply>().conferences;
  };

  it("lists the caller's own conferences as chair, every conference for an administrator, never DEFAULT", async () => {
    const chair = await signedInUser(t);
    const cochair = await signedInUser(t);
    const own = await createConference(chair.session, { label: 'Zz Own Conference' });
    const other = await createConference((await signedInUser(t)).session);
    expect(await chairedList(chair.session)).toEqual([
      {
        confid: own.confid,
        name: own.conference_name,
        label: 'Zz Own Conference',
        reference_date: null,
        is_chair: true,
      },
    ]);
    expect(await chairedList(cochair.session)).toEqual([]);
    await post(
      t,
      `/v1/web/conference/data/chair/add/${own.confid}`,
      chair.session,
      { email: cochair.user.email },
      'json',
    );
    expect((await chairedList(cochair.session)).map((row) => row.confid)).toEqual([own.confid]);

    const admin = await signedInUser(t, { role: 'admin' });
    const everything = await chairedList(admin.session);
    expect(everything.map((row) => row.confid)).toEqual(
      expect.arrayContaining([own.confid, other.confid]),
    );
    expect(everything.every((row) => !row.is_chair && row.name !== 'DEFAULT')).toBe(true);
  });

  it('needs a signed-in user', async () => {
    expect((await get(t, '/v1/web/conference/data/list/chaired', null)).statusCode).toBe(401);
  });
});

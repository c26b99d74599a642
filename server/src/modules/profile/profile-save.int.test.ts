// The profile form (docs/api.md, "Profile and notifications"): POST /v1/web/user/fullprofile and
// POST /v1/web/user/data/save, with the rules of docs/product.md, "Validation rules and limits",
// checked by the server.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fullProfileSchema,
  institutionStatus,
  latestAffiliationMonth,
  messages,
} from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { confirmOpenClaimOf, queuedClaimOf } from '../../../test/dblp-claim-requests.ts';
import type { Tokens } from '../../../test/factories.ts';
import {
  bearer,
  buildAffiliation,
  buildDblpPerson,
  buildInstitution,
  buildUser,
  mailsTo,
  positionIds,
  signIn,
} from '../../../test/factories.ts';
import type { AffiliationInput } from '../../../test/profile-requests.ts';
import {
  affiliationRow,
  getFullProfile,
  profileForm,
  saveProfile,
  signedInUser,
  snapshotDatabase,
} from '../../../test/profile-requests.ts';
import { affiliations, auditLog, jobs } from '../../db/schema.ts';

let t: TestApp;
let admin: Tokens;
let institution: { id: number; name: string };
let otherInstitution: { id: number; name: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedInUser(t, { role: 'admin' })).session;
  institution = await buildInstitution(t.db, { name: 'University of Cambridge' });
  otherInstitution = await buildInstitution(t.db, { name: 'Delft University of Technology' });
});
afterAll(() => t.close());

/** The month after the latest one allowed: in the future everywhere on Earth. */
function nextMonthAfterCap(): string {
  const [year, month] = latestAffiliationMonth().split('-').map(Number);
  return month === 12 ? `${year! + 1}-01` : `${year}-${String(month! + 1).padStart(2, '0')}`;
}

async function crawlJobPayloads(userId: number) {
  const rows = await t.db
    .select({ payload: jobs.payload, status: jobs.status })
    .from(jobs)
    .where(eq(jobs.kind, 'dblp.crawl-person'));
  return rows.filter((row) => (row.payload as { userId: number }).userId === userId);
}

describe('POST /v1/web/user/fullprofile', () => {
  it('answers every profile field, the affiliations in the contract shape, and the positions', async () => {
    const { user, session } = await signedInUser(t, {
      firstName: 'Maurice',
      lastName: 'Wilkes',
      otherName1: 'M. V. Wilkes',
      secondaryEmail: 'mvw@example.net',
      dblpPid: 'w/MauriceVWilkes',
      dblpName: 'Maurice V. Wilkes',
    });
    const pending = await buildInstitution(t.db, {
      name: 'Olivetti Research',
      status: institutionStatus.awaitingApproval,
    });
    const current = await buildAffiliation(t.db, user.id, {
      institutionId: institution.id,
      positionId: positionIds.faculty,
      startDate: '2019-10-01',
      isCurrent: true,
    });
    const past = await buildAffiliation(t.db, user.id, {
      institutionId: pending.id,
      positionId: positionIds.intern,
      startDate: '2016-06-01',
      endDate: '2016-09-01',
      isCurrent: false,
    });

    const response = await getFullProfile(t, session);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(fullProfileSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      FName: 'Maurice',
      SName: 'Wilkes',
      oName1: 'M. V. Wilkes',
      oName2: '',
      Email: user.email,
      secEmail: 'mvw@example.net',
      dblp_url: 'https://dblp.org/pid/w/MauriceVWilkes',
      dblp_name: 'Maurice V. Wilkes',
    });
    expect(body.institutionData).toEqual([
      {
        id: current.id,
        user_id: user.id,
        institutionId: institution.id,
        institutionName: 'University of Cambridge',
        source: 'Entry by self',
        startDate: '2019-10-01',
        endDate: '',
        current: 1,
        position: 0,
        positionId: positionIds.faculty,
        positionLabel: 'Faculty',
        instStatus: 1,
      },
      {
        id: past.id,
        user_id: user.id,
        institutionId: pending.id,
        institutionName: 'Olivetti Research',
        source: 'Entry by self',
        startDate: '2016-06-01',
        endDate: '2016-09-01',
        current: 0,
        position: 1,
        positionId: positionIds.intern,
        positionLabel: 'Intern',
        instStatus: 3,
      },
    ]);
  });

  it('lists the positions in order, with Intern flagged as the only intern position', async () => {
    const { session } = await signedInUser(t);
    const { positions } = (await getFullProfile(t, session)).json();
    expect(positions).toEqual([
      { id: 1, label: 'Faculty', intern: 0 },
      { id: 2, label: 'Postdoc', intern: 0 },
      { id: 3, label: 'Ph.D. student', intern: 0 },
      { id: 4, label: "Master's student", intern: 0 },
      { id: 5, label: 'Undergraduate', intern: 0 },
      { id: 6, label: 'Researcher in industry', intern: 0 },
      { id: 7, label: 'Intern', intern: 1 },
      { id: 8, label: 'Other', intern: 0 },
    ]);
  });

  it('answers empty fields and no affiliations for a new account', async () => {
    const { session } = await signedInUser(t);
    expect((await getFullProfile(t, session)).json()).toMatchObject({
      secEmail: '',
      dblp_url: '',
      dblp_name: '',
      institutionData: [],
    });
  });

  it('answers 401 Unauthorized without a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/web/user/fullprofile' });
    expect(response.statusCode).toBe(401);
    expect(response.body).toBe('Unauthorized');
  });
});

describe('POST /v1/web/user/data/save: a valid profile', () => {
  it('saves every field and the affiliations; the profile then counts as complete', async () => {
    const { user, session } = await signedInUser(t, { firstName: 'Old', lastName: 'Name' });
    expect(
      (await t.app.inject({ url: '/v1/web/user/profile', headers: bearer(session) })).json(),
    ).toMatchObject({ institutionDataAdded: false });

    const response = await saveProfile(
      t,
      session,
      profileForm(
        user,
        [
          affiliationRow(institution.id, { startDate: '2021-09' }),
          affiliationRow(otherInstitution.id, {
            positionId: positionIds.postdoc,
            startDate: '03/2018',
            endDate: '2021-08-31',
            current: 0,
          }),
        ],
        {
          FName: ' Karen ',
          SName: 'Spärck Jones',
          oName1: 'K. Spärck Jones',
          oName2: 'Karen Sparck Jones',
          secEmail: 'Karen@Example.NET',
        },
      ),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'UPDATED' });

    const saved = (await getFullProfile(t, session)).json();
    expect(saved).toMatchObject({
      FName: 'Karen',
      SName: 'Spärck Jones',
      oName1: 'K. Spärck Jones',
      oName2: 'Karen Sparck Jones',
      Email: user.email,
      secEmail: 'karen@example.net',
    });
    expect(
      saved.institutionData.map((row: AffiliationInput) => [
        row.institutionName,
        row.positionLabel,
        row.startDate,
        row.endDate,
        row.current,
      ]),
    ).toEqual([
      ['University of Cambridge', 'Faculty', '2021-09-01', '', 1],
      ['Delft University of Technology', 'Postdoc', '2018-03-01', '2021-08-01', 0],
    ]);
    const profile = await t.app.inject({ url: '/v1/web/user/profile', headers: bearer(session) });
    expect(profile.json()).toMatchObject({ FName: 'Karen', institutionDataAdded: true });
  });

  it.each([
    ['YYYY-MM', '2020-02', '2020-02-01'],
    ['YYYY-MM-DD (the month picker value)', '2020-02-29', '2020-02-01'],
    ['MM/YYYY (the picker format)', '02/2020', '2020-02-01'],
    ['M/YYYY', '2/2020', '2020-02-01'],
  ])('reads a date sent as %s to the first of its month', async (_form, sent, stored) => {
    const { user, session } = await signedInUser(t);
    const rows = [affiliationRow(institution.id, { startDate: sent })];
    expect((await saveProfile(t, session, profileForm(user, rows))).statusCode).toBe(200);
    const [row] = (await getFullProfile(t, session)).json().institutionData;
    expect(row.startDate).toBe(stored);
  });

  it('keeps no end date for a current affiliation, even when one is sent', async () => {
    const { user, session } = await signedInUser(t);
    const rows = [affiliationRow(institution.id, { endDate: '2022-01', current: '1' })];
    await saveProfile(t, session, profileForm(user, rows));
    const [row] = await t.db.select().from(affiliations).where(eq(affiliations.userId, user.id));
    expect(row).toMatchObject({ isCurrent: true, endDate: null });
  });

  it('accepts the current month and an affiliation of one month (end equal to start)', async () => {
    const { user, session } = await signedInUser(t);
    const month = latestAffiliationMonth();
    const rows = [
      affiliationRow(institution.id, { startDate: month }),
      affiliationRow(otherInstitution.id, { startDate: month, endDate: month, current: 0 }),
    ];
    expect((await saveProfile(t, session, profileForm(user, rows))).statusCode).toBe(200);
  });

  it('accepts exactly 50 affiliations', async () => {
    const { user, session } = await signedInUser(t);
    const rows = Array.from({ length: 50 }, () => affiliationRow(institution.id));
    expect((await saveProfile(t, session, profileForm(user, rows))).statusCode).toBe(200);
    expect((await getFullProfile(t, session)).json().institutionData).toHaveLength(50);
  });

  it('replaces the list: a sent id is updated in place, new rows are added, rows left out go', async () => {
    const { user, session } = await signedInUser(t);
    const kept = await buildAffiliation(t.db, user.id, { institutionId: institution.id });
    const dropped = await buildAffiliation(t.db, user.id, { institutionId: otherInstitution.id });
    const rows = [
      affiliationRow(institution.id, {
        id: kept.id,
        positionId: positionIds.other,
        startDate: '2015-01',
        endDate: '2016-01',
        current: 0,
      }),
      affiliationRow(otherInstitution.id, { startDate: '2016-02' }),
    ];
    expect((await saveProfile(t, session, profileForm(user, rows))).statusCode).toBe(200);

    const { institutionData } = (await getFullProfile(t, session)).json();
    expect(institutionData).toHaveLength(2);
    expect(institutionData.map((row: AffiliationInput) => row.id)).not.toContain(dropped.id);
    expect(institutionData.find((row: AffiliationInput) => row.id === kept.id)).toMatchObject({
      positionLabel: 'Other',
      startDate: '2015-01-01',
      endDate: '2016-01-01',
      current: 0,
    });
  });

  it("reads the id of someone else's affiliation as a new row and leaves theirs alone", async () => {
    const { user, session } = await signedInUser(t);
    const someoneElse = await buildUser(t.db);
    const theirs = await buildAffiliation(t.db, someoneElse.id, {
      institutionId: otherInstitution.id,
      startDate: '2010-01-01',
    });
    const rows = [affiliationRow(institution.id, { id: theirs.id, startDate: '2022-01' })];
    expect((await saveProfile(t, session, profileForm(user, rows))).statusCode).toBe(200);

    const [mine] = (await getFullProfile(t, session)).json().institutionData;
    expect(mine.id).not.toBe(theirs.id);
    const [stillTheirs] = await t.db
      .select()
      .from(affiliations)
      .where(eq(affiliations.id, theirs.id));
    expect(stillTheirs).toMatchObject({
      userId: someoneElse.id,
      institutionId: otherInstitution.id,
      startDate: '2010-01-01',
    });
  });

  it('writes one audit row with the profile before and after', async () => {
    const { user, session } = await signedInUser(t, { firstName: 'Before' });
    await saveProfile(
      t,
      session,
      profileForm(user, [affiliationRow(institution.id)], { FName: 'After' }),
    );
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, user.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: user.id,
      action: 'profile.update',
      before: { firstName: 'Before', affiliations: [] },
      after: {
        firstName: 'After',
        affiliations: [{ institutionId: institution.id, startDate: '2021-09-01', isCurrent: true }],
      },
    });
  });

  it('keeps a changed primary e-mail pending: the old one signs in until the new one is confirmed, and is told', async () => {
    const { user, session } = await signedInUser(t, { firstName: 'Edsger' });
    const newEmail = `moved.${Date.now()}@example.org`;
    const response = await saveProfile(
      t,
      session,
      profileForm(user, [affiliationRow(institution.id)], { Email: newEmail.toUpperCase() }),
    );
    expect(response.statusCode).toBe(200);
    expect((await getFullProfile(t, session)).json()).toMatchObject({
      Email: newEmail,
      EmailConfirmed: 'N',
    });
    await expect(signIn(t.app, user.email!)).resolves.toHaveProperty('access_token');
    await expect(signIn(t.app, newEmail)).rejects.toThrow();
    const [mail] = await mailsTo(t, user.email!);
    expect(mail!.subject).toBe('Your Recuse email address was changed');
    expect(mail!.text).toContain(newEmail);
  });

  it('sends no mail when the primary e-mail stays the same in another letter case', async () => {
    const { user, session } = await signedInUser(t);
    await saveProfile(
      t,
      session,
      profileForm(user, [affiliationRow(institution.id)], { Email: user.email!.toUpperCase() }),
    );
    expect(await mailsTo(t, user.email!)).toEqual([]);
  });
});

describe('POST /v1/web/user/data/save: the DBLP URL', () => {
  it('claims a new DBLP URL, and stores it as the pid and queues a crawl once confirmed', async () => {
    const { user, session } = await signedInUser(t);
    const pid = `77/${user.id}`;
    const url = `https://dblp.org/pid/${pid}`;
    const rows = [affiliationRow(institution.id)];
    const response = await saveProfile(
      t,
      session,
      profileForm(user, rows, { dblp_url: `dblp.uni-trier.de/pid/${pid}.html` }),
    );
    expect(response.json()).toEqual({ message: 'UPDATED' });
    expect((await getFullProfile(t, session)).json()).toMatchObject({
      dblp_url: url,
      dblp_claim: { state: 'provisional', dblp_url: url },
    });
    expect(await crawlJobPayloads(user.id)).toEqual([]);

    await confirmOpenClaimOf(t, admin, user.id);
    expect((await getFullProfile(t, session)).json()).toMatchObject({
      dblp_url: url,
      dblp_claim: null,
    });
    expect(await crawlJobPayloads(user.id)).toEqual([
      { payload: { userId: user.id, pid }, status: 'queued' },
    ]);
  });

  it('queues no second crawl when the same URL is saved again, and clears a blank URL', async () => {
    const { user, session } = await signedInUser(t);
    const url = `https://dblp.org/pid/78/${user.id}`;
    const rows = [affiliationRow(institution.id)];
    await saveProfile(t, session, profileForm(user, rows, { dblp_url: url }));
    await saveProfile(t, session, profileForm(user, rows, { dblp_url: url }));
    await confirmOpenClaimOf(t, admin, user.id);
    await saveProfile(t, session, profileForm(user, rows, { dblp_url: url }));
    expect(await crawlJobPayloads(user.id)).toHaveLength(1);
    expect(await queuedClaimOf(t, admin, user.id)).toBeUndefined();

    await saveProfile(t, session, profileForm(user, rows, { dblp_url: '' }));
    expect((await getFullProfile(t, session)).json().dblp_url).toBe('');
  });

  it('leaves a crawl job no handler exists for queued, and the worker carries on', async () => {
    const { user, session } = await signedInUser(t);
    const rows = [affiliationRow(institution.id)];
    await saveProfile(
      t,
      session,
      profileForm(user, rows, { dblp_url: `https://dblp.org/pid/79/${user.id}` }),
    );
    await confirmOpenClaimOf(t, admin, user.id);
    await expect(t.app.jobs.runUntilIdle()).resolves.toBeTypeOf('number');
    expect(await crawlJobPayloads(user.id)).toEqual([
      { payload: { userId: user.id, pid: `79/${user.id}` }, status: 'queued' },
    ]);
  });

  it('offers the account link for the URL of a DBLP-only person, saving the rest without the URL', async () => {
    const { user, session } = await signedInUser(t);
    const person = await buildDblpPerson(t.db, {
      dblpPid: `80/${user.id}`,
      dblpName: 'Tony Hoare 0001',
    });
    const response = await saveProfile(
      t,
      session,
      profileForm(user, [affiliationRow(institution.id)], {
        FName: 'Tony',
        dblp_url: `https://dblp.org/pid/${person.dblpPid}`,
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'UPDATED',
      fake_user_link: 'Yes',
      fake_user_name: 'Tony Hoare 0001',
      fake_user_dblp: `https://dblp.org/pid/${person.dblpPid}`,
    });
    const saved = (await getFullProfile(t, session)).json();
    expect(saved).toMatchObject({ FName: 'Tony', dblp_url: '' });
    expect(saved.institutionData).toHaveLength(1);
    expect(await crawlJobPayloads(user.id)).toEqual([]);
  });

  it('only claims the DBLP URL of another account, which keeps it until an administrator decides', async () => {
    const { user, session } = await signedInUser(t);
    const owner = await buildUser(t.db, { dblpPid: `81/${user.id}` });
    const ownerBefore = await snapshotDatabase(t.db, owner.id);
    const response = await saveProfile(
      t,
      session,
      profileForm(user, [affiliationRow(institution.id)], {
        FName: 'Changed',
        dblp_url: `https://dblp.org/pid/${owner.dblpPid}`,
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'UPDATED' });
    expect((await getFullProfile(t, session)).json()).toMatchObject({
      FName: 'Changed',
      dblp_claim: { state: 'provisional' },
    });
    expect((await snapshotDatabase(t.db, owner.id)).user).toEqual(ownerBefore.user);
    expect(await queuedClaimOf(t, admin, user.id)).toMatchObject({
      pid: owner.dblpPid,
      holder: { id: owner.id, kind: 'registered' },
    });
    expect(await crawlJobPayloads(user.id)).toEqual([]);
  });
});

const fieldError = (field: string, ...list: string[]) => ({
  message: messages.checkBelowFields,
  errors: { [field]: list },
});
const affiliationError = (...list: string[]) => fieldError('institutionDetails', ...list);

interface RefusalContext {
  institution: number;
  email: string;
}

type Refusal = readonly [
  string,
  (context: RefusalContext) => {
    rows: AffiliationInput[] | string | undefined;
    fields?: Record<string, string | undefined>;
  },
  ReturnType<typeof fieldError>,
];

const oneRow = (overrides: AffiliationInput) => (context: RefusalContext) => ({
  rows: [affiliationRow(context.institution, overrides)],
});
const fields = (changes: Record<string, string | undefined>) => (context: RefusalContext) => ({
  rows: [affiliationRow(context.institution)],
  fields: changes,
});

const refusals: Refusal[] = [
  [
    'a missing first name',
    fields({ FName: '  ' }),
    fieldError('FName', messages.firstNameRequired),
  ],
  [
    'a missing last name',
    fields({ SName: undefined }),
    fieldError('SName', messages.lastNameRequired),
  ],
  ['a missing primary e-mail', fields({ Email: '' }), fieldError('Email', messages.emailRequired)],
  [
    'a primary e-mail that is not one',
    fields({ Email: 'ada@' }),
    fieldError('Email', messages.emailInvalid),
  ],
  [
    'a secondary e-mail that is not one',
    fields({ secEmail: 'not-an-email' }),
    fieldError('secEmail', messages.secondaryEmailInvalid),
  ],
  [
    'a secondary e-mail equal to the primary one (any letter case)',
    (context) => ({
      rows: [affiliationRow(context.institution)],
      fields: { secEmail: context.email.toUpperCase() },
    }),
    fieldError('secEmail', messages.secondaryEmailSameAsPrimary),
  ],
  [
    'a DBLP URL that is not a DBLP person page',
    fields({ dblp_url: 'https://example.org/pid/1/2' }),
    fieldError('dblp_url', messages.dblpUrlInvalid),
  ],
  [
    'an empty affiliation list',
    () => ({ rows: [] }),
    affiliationError(messages.atLeastOneAffiliation),
  ],
  [
    'no institutionDetails at all',
    () => ({ rows: undefined }),
    affiliationError(messages.atLeastOneAffiliation),
  ],
  [
    'institutionDetails that are not JSON',
    () => ({ rows: '[{"institutionId": 1,' }),
    affiliationError(messages.affiliationsMalformed),
  ],
  [
    'institutionDetails that are JSON but not a list',
    () => ({ rows: '{"institutionId": 1}' }),
    affiliationError(messages.affiliationsMalformed),
  ],
  [
    'a row whose fields have the wrong types',
    oneRow({ institutionId: { id: 1 }, startDate: 202001 }),
    affiliationError(messages.affiliationsMalformed),
  ],
  [
    'a row without an institution',
    oneRow({ institutionId: '', institutionName: '  ' }),
    affiliationError(messages.affiliationFieldsRequired, messages.atLeastOneAffiliation),
  ],
  [
    'a row without a position',
    oneRow({ positionId: '' }),
    affiliationError(messages.affiliationFieldsRequired),
  ],
  [
    'a row without a start date',
    oneRow({ startDate: '' }),
    affiliationError(messages.affiliationFieldsRequired),
  ],
  [
    'a past row without an end date',
    oneRow({ current: 0, endDate: '' }),
    affiliationError(messages.affiliationFieldsRequired),
  ],
  [
    'an end date before the start date',
    oneRow({ startDate: '2020-05', endDate: '04/2020', current: 0 }),
    affiliationError(messages.endBeforeStart),
  ],
  [
    'a start date in the far future',
    oneRow({ startDate: '2999-01' }),
    affiliationError(messages.affiliationDateInFuture),
  ],
  [
    'an end date in the month after the current one',
    oneRow({ startDate: '2020-01', endDate: nextMonthAfterCap(), current: 0 }),
    affiliationError(messages.affiliationDateInFuture),
  ],
  [
    'a month 13',
    oneRow({ startDate: '13/2020' }),
    affiliationError(messages.affiliationDateInvalid),
  ],
  [
    'a 30 February',
    oneRow({ startDate: '2020-02-30' }),
    affiliationError(messages.affiliationDateInvalid),
  ],
  [
    'a date in words',
    oneRow({ startDate: 'last spring' }),
    affiliationError(messages.affiliationDateInvalid),
  ],
  [
    'a year before 1900',
    oneRow({ startDate: '1899-12' }),
    affiliationError(messages.affiliationDateInvalid),
  ],
  [
    '51 affiliations',
    (ids) => ({ rows: Array.from({ length: 51 }, () => affiliationRow(ids.institution)) }),
    affiliationError(messages.maxAffiliations),
  ],
  [
    'an institution id that does not exist',
    oneRow({ institutionId: 2_000_000_000 }),
    affiliationError(messages.institutionUnknown),
  ],
  [
    'an institution id that is not a number',
    oneRow({ institutionId: 'abc' }),
    affiliationError(messages.institutionUnknown),
  ],
  [
    'an institution id beyond any stored one',
    oneRow({ institutionId: '99999999999' }),
    affiliationError(messages.institutionUnknown),
  ],
  [
    'a position id that does not exist',
    oneRow({ positionId: 99 }),
    affiliationError(messages.positionUnknown),
  ],
  [
    'a negative position id',
    oneRow({ positionId: -1 }),
    affiliationError(messages.positionUnknown),
  ],
];

describe('POST /v1/web/user/data/save: refusals change nothing', () => {
  it.each(refusals)('refuses %s with 422 and its message', async (_case, build, expected) => {
    const { user, session } = await signedInUser(t);
    await buildAffiliation(t.db, user.id, { institutionId: otherInstitution.id });
    const { rows, fields: changes = {} } = build({
      institution: institution.id,
      email: user.email!,
    });
    const sent = {
      ...profileForm(user, rows ?? '', { FName: 'Changed', ...changes }),
      institutionDetails:
        rows === undefined ? undefined : profileForm(user, rows).institutionDetails,
    };
    const before = await snapshotDatabase(t.db, user.id);

    const response = await saveProfile(t, session, sent);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(expected);
    expect(await snapshotDatabase(t.db, user.id)).toEqual(before);
  });

  it('refuses an institution that is neither approved nor awaiting approval', async () => {
    const { user, session } = await signedInUser(t);
    const retired = await buildInstitution(t.db, { status: 0 });
    const before = await snapshotDatabase(t.db, user.id);
    const response = await saveProfile(t, session, profileForm(user, [affiliationRow(retired.id)]));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(affiliationError(messages.institutionUnknown));
    expect(await snapshotDatabase(t.db, user.id)).toEqual(before);
  });

  it('refuses a new institution name together with an unknown position, creating no institution', async () => {
    const { user, session } = await signedInUser(t);
    const before = await snapshotDatabase(t.db, user.id);
    const rows = [
      affiliationRow(0, { institutionName: `Never Created ${user.id}`, positionId: 99 }),
    ];
    const response = await saveProfile(t, session, profileForm(user, rows));
    expect(response.json()).toEqual(affiliationError(messages.positionUnknown));
    expect(await snapshotDatabase(t.db, user.id)).toEqual(before);
  });

  it.each([
    ['primary', 'Email'],
    ['secondary', 'secEmail'],
  ] as const)(
    "refuses a %s e-mail that is another account's e-mail (409) and saves nothing",
    async (_which, field) => {
      const { user, session } = await signedInUser(t);
      const other = await buildUser(t.db, { secondaryEmail: `other.sec.${user.id}@example.org` });
      for (const taken of [other.email!, other.secondaryEmail!]) {
        const before = await snapshotDatabase(t.db, user.id);
        const response = await saveProfile(
          t,
          session,
          profileForm(user, [affiliationRow(institution.id)], { [field]: taken.toUpperCase() }),
        );
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({
          message: messages.checkBelowFields,
          errors: { [field]: [messages.emailInUse] },
        });
        expect(await snapshotDatabase(t.db, user.id)).toEqual(before);
      }
    },
  );

  it('refuses the e-mail of an invited person who has no account yet', async () => {
    const { user, session } = await signedInUser(t);
    const invited = await buildUser(t.db, { kind: 'invited', passwordHash: null });
    const response = await saveProfile(
      t,
      session,
      profileForm(user, [affiliationRow(institution.id)], { Email: invited.email! }),
    );
    expect(response.statusCode).toBe(409);
  });

  it('answers 401 Unauthorized without a token and saves nothing', async () => {
    const user = await buildUser(t.db);
    const before = await snapshotDatabase(t.db, user.id);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/web/user/data/save',
      payload: profileForm(user, [affiliationRow(institution.id)]),
    });
    expect(response.statusCode).toBe(401);
    expect(await snapshotDatabase(t.db, user.id)).toEqual(before);
  });
});

describe('POST /v1/web/user/data/save: multipart', () => {
  it('accepts the form sent as multipart/form-data too', async () => {
    const { user, session } = await signedInUser(t);
    const boundary = 'recuse-boundary';
    const fieldsToSend = profileForm(user, [affiliationRow(institution.id)]);
    const body =
      Object.entries(fieldsToSend)
        .map(
          ([name, value]) =>
            `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        )
        .join('') + `--${boundary}--\r\n`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/web/user/data/save',
      headers: { ...bearer(session), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'UPDATED' });
  });
});

describe('OpenAPI', () => {
  it('describes the profile and institution calls at /docs/json', async () => {
    const { paths } = (await t.app.inject({ url: '/docs/json' })).json();
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/v1/web/user/fullprofile',
        '/v1/web/user/data/save',
        '/v1/web/user/linkaccount',
        '/v1/web/institution/data/list/InstitutionDrplist',
        '/v1/web/institution/data/InstitutionConflictOption',
      ]),
    );
    expect(paths['/v1/web/user/data/save'].post.requestBody.content).toBeDefined();
  });
});

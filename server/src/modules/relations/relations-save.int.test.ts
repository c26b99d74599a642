// Recording relations: the three saves (docs/api-relations.md, "Saving") for all eight types, every
// form rule message of docs/product.md, "Validation rules and limits", on the server, bad input,
// duplicates, and the creator's modifications with what they do to the other people's answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  findRelationType,
  latestRelationDate,
  messages,
  relationDateCleared,
  relationDateInvalid,
  relationDateRequired,
  relationDateTooLate,
} from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { Tokens } from '../../../test/factories.ts';
import { buildInstitution, buildRelation, buildUser, mailsTo } from '../../../test/factories.ts';
import { signedInUser } from '../../../test/profile-requests.ts';
import type { Encoding, Fields } from '../../../test/relation-requests.ts';
import {
  accept,
  coauthorDetails,
  deleteRelation,
  pendingEmploymentForm,
  personForm,
  post,
  publicationForm,
  saveCoauthorRelation,
  savePendingEmployment,
  savePersonRelation,
  saveUrls,
  snapshotRelationTables,
  viewRelation,
} from '../../../test/relation-requests.ts';
import {
  auditLog,
  institutions,
  notifications,
  publications,
  relationParties,
  relations,
  users,
} from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const findRelationRow = async (id: number) =>
  (await t.db.select().from(relations).where(eq(relations.id, id)))[0]!;
const partiesOf = async (relationId: number) =>
  t.db
    .select()
    .from(relationParties)
    .where(eq(relationParties.relationId, relationId))
    .orderBy(relationParties.id);
const notificationsOf = (userId: number) =>
  t.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.id);

describe('creating a relation', () => {
  it('saves a co-authored publication from the multipart form, every co-author pending and told', async () => {
    const ada = await signedInUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const bob = await buildUser(t.db);
    const cyd = await buildUser(t.db);
    const response = await saveCoauthorRelation(
      t,
      ada.session,
      publicationForm([bob.id, cyd.id], {
        publicationName: '  Notes on   the Engine ',
        dateEndYear: 2023,
        paperType: 2,
        communityPaperId: 1,
        notes: 'Camera-ready',
      }),
    );
    expect(response.statusCode).toBe(200);
    const { GID } = response.json();
    expect(response.json()).toEqual({ GID, status: 'CREATED', message: messages.relationSaved });
    expect(await findRelationRow(GID)).toMatchObject({
      typeId: 3,
      creatorUserId: ada.user.id,
      status: 1,
      title: 'Notes on the Engine',
      titleKey: 'notes on the engine',
      endYear: 2023,
      endMonth: null,
      startYear: null,
      paperType: 2,
      isCommunityPaper: true,
      notes: 'Camera-ready',
      source: `Entry by self: Ada Lovelace, ${ada.user.email}`,
      isDblpImported: false,
    });
    expect((await partiesOf(GID)).map((party) => [party.userId, party.status])).toEqual([
      [bob.id, 3],
      [cyd.id, 3],
    ]);
    expect(await notificationsOf(bob.id)).toMatchObject([
      {
        message: 'Ada Lovelace added a relation with you. Please review and respond to it.',
        relationId: GID,
        relationTypeId: 3,
        relationTypeName: 'Co-authored publication',
        publicationName: 'Notes on the Engine',
        readAt: null,
      },
    ]);
    const [mail] = await mailsTo(t, bob.email!);
    expect(mail!.text).toContain(`http://recuse.test/relations/view/${GID}`);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'relation'), eq(auditLog.entityId, GID)));
    expect(audit).toMatchObject([{ action: 'relation.create', actorUserId: ada.user.id }]);
  });

  it.each([
    [
      1,
      'form',
      { dateStartYear: 2015, dateStartMonth: 7, dateEndYear: 2020 },
      [2015, null, 2020, null],
    ],
    [2, 'json', { dateStartYear: 2021, dateStartMonth: 3 }, [2021, 3, null, null]],
    [
      4,
      'multipart',
      { dateStartYear: 2018, dateStartMonth: 9, dateEndYear: 2022, dateEndMonth: 1 },
      [2018, 9, 2022, 1],
    ],
    [
      5,
      'form',
      { dateStartYear: '', sourceUserUpdateComment: 'We are married.' },
      [null, null, null, null],
    ],
  ] as Array<[number, Encoding, Fields, number[]]>)(
    'saves a person relation of type %i sent as %s, with the dates its format keeps',
    async (type, encoding, fields, dates) => {
      const creator = await signedInUser(t);
      const other = await buildUser(t.db);
      const response = await post(
        t,
        saveUrls.person,
        creator.session,
        personForm(other.id, { relationType: type, ...fields }),
        encoding,
      );
      expect(response.json()).toMatchObject({ status: 'CREATED' });
      const relation = await findRelationRow(response.json().GID);
      expect([
        relation.startYear,
        relation.startMonth,
        relation.endYear,
        relation.endMonth,
      ]).toEqual(dates);
      expect((await partiesOf(relation.id)).map((party) => party.userId)).toEqual([other.id]);
    },
  );

  it('saves a comment sent with a new relation as the first entry of its log', async () => {
    const creator = await signedInUser(t);
    const other = await buildUser(t.db);
    const response = await savePersonRelation(
      t,
      creator.session,
      personForm(other.id, { relationType: 5, sourceUserUpdateComment: 'Siblings.' }),
    );
    const log = await t.app.inject({
      url: `/v1/web/relation_modify_request_comments_list?relationId=${response.json().GID}`,
      headers: { authorization: `Bearer ${creator.session.access_token}` },
    });
    expect(log.json().data).toMatchObject([{ Comments: 'Siblings.', contactAdmin: 'N' }]);
  });

  it.each([6, 7])('saves an award or grant (type %i) with paper type 0', async (type) => {
    const creator = await signedInUser(t);
    const other = await buildUser(t.db);
    const response = await saveCoauthorRelation(
      t,
      creator.session,
      publicationForm([other.id], {
        relationType: type,
        publicationName: 'Best Paper Award',
        dateStartYear: 2019,
        dateEndYear: 2021,
        paperType: 1,
        communityPaperId: 1,
      }),
    );
    expect(response.json()).toMatchObject({ status: 'CREATED' });
    expect(await findRelationRow(response.json().GID)).toMatchObject({
      typeId: type,
      paperType: 0,
      isCommunityPaper: false,
      startYear: type === 7 ? 2019 : null,
      endYear: 2021,
    });
  });

  it('validates a pending application at an approved institution at once', async () => {
    const creator = await signedInUser(t);
    const institution = await buildInstitution(t.db);
    const response = await savePendingEmployment(
      t,
      creator.session,
      pendingEmploymentForm(institution.id),
    );
    expect(response.json()).toMatchObject({ status: 'CREATED' });
    const relation = await findRelationRow(response.json().GID);
    expect(relation).toMatchObject({
      typeId: 8,
      institutionId: institution.id,
      status: 1,
      startYear: 2025,
      startMonth: 11,
    });
    expect(await partiesOf(relation.id)).toEqual([]);
  });

  it('keeps a pending application pending at a typed new institution, which it proposes', async () => {
    const creator = await signedInUser(t);
    const response = await savePendingEmployment(
      t,
      creator.session,
      pendingEmploymentForm('Institute of Brand New Things'),
    );
    const relation = await findRelationRow(response.json().GID);
    const [institution] = await t.db
      .select()
      .from(institutions)
      .where(eq(institutions.id, relation.institutionId!));
    expect(institution).toMatchObject({
      name: 'Institute of Brand New Things',
      status: 3,
      createdByUserId: creator.user.id,
    });
    expect(relation.status).toBe(3);
  });

  it('takes the title of a picked publication when none is typed', async () => {
    const creator = await signedInUser(t);
    const other = await buildUser(t.db);
    const [publication] = await t.db
      .insert(publications)
      .values({ title: 'Picked From DBLP', titleKey: 'picked from dblp', year: 2022 })
      .returning();
    const response = await saveCoauthorRelation(
      t,
      creator.session,
      publicationForm([other.id], { publicationName: '', publicationId: publication!.id }),
    );
    expect(await findRelationRow(response.json().GID)).toMatchObject({
      title: 'Picked From DBLP',
      publicationId: publication!.id,
    });
  });

  it.each([
    ['primary', (user: { email: string | null }) => user.email!.toUpperCase()],
    ['secondary', (_user: unknown) => 'second.address@example.org'],
  ])('names the known user whose %s e-mail is typed, inviting nobody', async (_case, typed) => {
    const creator = await signedInUser(t);
    const known = await buildUser(t.db, {
      secondaryEmail: `second.${Date.now()}@example.org`,
    });
    const email = typed(known).replace('second.address@example.org', known.secondaryEmail!);
    const before = await snapshotRelationTables(t.db);
    const response = await savePersonRelation(t, creator.session, personForm(email));
    expect(response.json()).toMatchObject({ status: 'CREATED' });
    expect((await partiesOf(response.json().GID)).map((party) => party.userId)).toEqual([known.id]);
    const after = await snapshotRelationTables(t.db);
    expect([after.counts.users, after.counts.tokens]).toEqual([
      before.counts.users,
      before.counts.tokens,
    ]);
  });
});

const thisYear = new Date().getUTCFullYear();
const publicationCap = latestRelationDate(findRelationType(3)!);
const collaborationCap = latestRelationDate(findRelationType(2)!);
const capText = (cap: { year: number; month: number | null }) =>
  `${String(cap.month).padStart(2, '0')}/${cap.year}`;

interface BadInput {
  name: string;
  form: keyof typeof saveUrls;
  fields: (ids: { me: number; other: number; myEmail: string; deleted: number }) => Fields;
  field: string;
  message: string;
}

const badInputs: BadInput[] = [
  {
    name: 'no relation type',
    form: 'coauthor',
    fields: ({ other }) => publicationForm([other], { relationType: '' }),
    field: 'relationType',
    message: messages.relationTypeRequired,
  },
  {
    name: 'an unknown relation type',
    form: 'person',
    fields: ({ other }) => personForm(other, { relationType: 9 }),
    field: 'relationType',
    message: messages.relationTypeRequired,
  },
  {
    name: 'a publication sent to the person form',
    form: 'person',
    fields: ({ other }) => publicationForm([other]),
    field: 'relationType',
    message: messages.relationTypeNotOnThisForm,
  },
  {
    name: 'a collaboration sent to the co-author form',
    form: 'coauthor',
    fields: ({ other }) => personForm(other),
    field: 'relationType',
    message: messages.relationTypeNotOnThisForm,
  },
  {
    name: 'a publication sent to the pending employment form',
    form: 'pendingEmployment',
    fields: ({ other }) => publicationForm([other]),
    field: 'relationType',
    message: messages.relationTypeNotOnThisForm,
  },
  {
    name: 'no person',
    form: 'person',
    fields: () => personForm('', { rUserId: '' }),
    field: 'rUserId',
    message: messages.personRequired,
  },
  {
    name: 'a typed person name that is not an e-mail',
    form: 'person',
    fields: () => personForm('Grace Hopper'),
    field: 'rUserId',
    message: messages.personNotInSystem,
  },
  {
    name: 'a person id nobody has',
    form: 'person',
    fields: () => personForm(2_000_000_000),
    field: 'rUserId',
    message: messages.personUnknown,
  },
  {
    name: 'a deleted account',
    form: 'person',
    fields: ({ deleted }) => personForm(deleted),
    field: 'rUserId',
    message: messages.personDeleted,
  },
  {
    name: 'a relation with oneself',
    form: 'person',
    fields: ({ me }) => personForm(me),
    field: 'rUserId',
    message: messages.relationWithYourself,
  },
  {
    name: 'a relation with oneself by e-mail',
    form: 'person',
    fields: ({ myEmail }) => personForm(myEmail),
    field: 'rUserId',
    message: messages.relationWithYourself,
  },
  {
    name: 'no publication title',
    form: 'coauthor',
    fields: ({ other }) => publicationForm([other], { publicationName: '  ' }),
    field: 'publicationName',
    message: messages.publicationTitleRequired,
  },
  {
    name: 'no award name',
    form: 'coauthor',
    fields: ({ other }) => publicationForm([other], { relationType: 6, publicationName: '' }),
    field: 'publicationName',
    message: messages.awardNameRequired,
  },
  {
    name: 'a title over 500 characters',
    form: 'coauthor',
    fields: ({ other }) => publicationForm([other], { publicationName: 'x'.repeat(501) }),
    field: 'publicationName',
    message: 'At most 500 characters.',
  },
  {
    name: 'a publication id nobody has',
    form: 'coauthor',
    fields: ({ other }) => publicationForm([other], { publicationId: 2_000_000_000 }),
    field: 'publicationId',
    message: messages.publicationUnknown,
  },
  {
    name: 'no co-author',
    form: 'coauthor',
    fields: () => publicationForm([]),
    field: 'coAuthorDetails',
    message: messages.coauthorsRequired,
  },
  {
    name: 'no co-awardee',
    form: 'coauthor',
    fields: () => publicationForm([], { relationType: 7, dateStartYear: 2020 }),
    field: 'coAuthorDetails',
    message: messages.coawardeesRequired,
  },
  {
    name: 'a co-author row with nothing selected',
    form: 'coauthor',
    fields: ({ other }) =>
      publicationForm([], { coAuthorDetails: coauthorDetails([{ id: other }, { name: '' }]) }),
    field: 'coAuthorDetails',
    message: messages.coauthorNotSelected,
  },
  {
    name: 'a typed co-author that is not an e-mail',
    form: 'coauthor',
    fields: () => publicationForm(['Charles Babbage']),
    field: 'coAuthorDetails',
    message: messages.coauthorEmailRequired,
  },
  {
    name: 'a co-author list naming the creator',
    form: 'coauthor',
    fields: ({ me, other }) => publicationForm([other, me]),
    field: 'coAuthorDetails',
    message: messages.coauthorIsYourself,
  },
  {
    name: 'a co-author list naming the creator by e-mail',
    form: 'coauthor',
    fields: ({ myEmail, other }) => publicationForm([other, myEmail]),
    field: 'coAuthorDetails',
    message: messages.coauthorIsYourself,
  },
  {
    name: 'the same co-author twice',
    form: 'coauthor',
    fields: ({ other }) => publicationForm([other, other]),
    field: 'coAuthorDetails',
    message: messages.coauthorListedTwice,
  },
  {
    name: 'the same new co-author twice by e-mail',
    form: 'coauthor',
    fields: () => publicationForm(['twice@example.org', 'TWICE@example.org']),
    field: 'coAuthorDetails',
    message: messages.coauthorListedTwice,
  },
  {
    name: 'a co-author list that is not JSON',
    form: 'coauthor',
    fields: ({ other }) => publicationForm([other], { coAuthorDetails: '[{"coauthor_id":' }),
    field: 'coAuthorDetails',
    message: messages.coauthorsMalformed,
  },
  {
    name: 'a co-author list that is not a list',
    form: 'coauthor',
    fields: ({ other }) => publicationForm([other], { coAuthorDetails: '{"coauthor_id": 3}' }),
    field: 'coAuthorDetails',
    message: messages.coauthorsMalformed,
  },
  {
    name: 'an unknown paper type',
    form: 'coauthor',
    fields: ({ other }) => publicationForm([other], { paperType: 7 }),
    field: 'paperType',
    message: messages.paperTypeInvalid,
  },
  {
    name: 'no institution',
    form: 'pendingEmployment',
    fields: () => pendingEmploymentForm('', { rInstitutionId: '' }),
    field: 'rInstitutionId',
    message: messages.institutionRequired,
  },
  {
    name: 'an institution id nobody has',
    form: 'pendingEmployment',
    fields: () => pendingEmploymentForm(2_000_000_000),
    field: 'rInstitutionId',
    message: messages.institutionUnknown,
  },
  {
    name: 'no start date where it is mandatory',
    form: 'person',
    fields: ({ other }) => personForm(other, { dateStartYear: '', dateStartMonth: '' }),
    field: 'dateStartYear',
    message: relationDateRequired('Start date'),
  },
  {
    name: 'no publication year',
    form: 'coauthor',
    fields: ({ other }) => publicationForm([other], { dateEndYear: '' }),
    field: 'dateEndYear',
    message: relationDateRequired('Year of publication'),
  },
  {
    name: 'a month missing where the format asks for one',
    form: 'person',
    fields: ({ other }) => personForm(other, { dateStartMonth: '' }),
    field: 'dateStartYear',
    message: relationDateInvalid('Start date'),
  },
  {
    name: 'month 13',
    form: 'person',
    fields: ({ other }) => personForm(other, { dateStartMonth: 13 }),
    field: 'dateStartYear',
    message: relationDateInvalid('Start date'),
  },
  {
    name: 'a year before 1900',
    form: 'coauthor',
    fields: ({ other }) => publicationForm([other], { dateEndYear: 1899 }),
    field: 'dateEndYear',
    message: relationDateInvalid('Year of publication'),
  },
  {
    name: 'a year that is not a number',
    form: 'coauthor',
    fields: ({ other }) => publicationForm([other], { dateEndYear: 'twenty' }),
    field: 'dateEndYear',
    message: relationDateInvalid('Year of publication'),
  },
  {
    name: 'a publication more than about a year ahead',
    form: 'coauthor',
    fields: ({ other }) => publicationForm([other], { dateEndYear: publicationCap.year + 1 }),
    field: 'dateEndYear',
    message: relationDateTooLate('Year of publication', String(publicationCap.year)),
  },
  {
    name: 'a collaboration more than about 20 years ahead',
    form: 'person',
    fields: ({ other }) =>
      personForm(other, {
        dateStartYear: thisYear,
        dateEndYear: collaborationCap.year + 1,
        dateEndMonth: 1,
      }),
    field: 'dateEndYear',
    message: relationDateTooLate('End date', capText(collaborationCap)),
  },
  {
    name: 'an end before the start',
    form: 'person',
    fields: ({ other }) =>
      personForm(other, {
        dateStartYear: 2020,
        dateStartMonth: 5,
        dateEndYear: 2020,
        dateEndMonth: 4,
      }),
    field: 'dateEndYear',
    message: messages.endBeforeStart,
  },
  {
    name: 'a personal relationship without its comment',
    form: 'person',
    fields: ({ other }) => personForm(other, { relationType: 5, dateStartYear: '' }),
    field: 'sourceUserUpdateComment',
    message: messages.commentRequired,
  },
  {
    name: 'a comment over 1000 characters',
    form: 'person',
    fields: ({ other }) => personForm(other, { sourceUserUpdateComment: 'x'.repeat(1001) }),
    field: 'sourceUserUpdateComment',
    message: messages.atMost1000Characters,
  },
  {
    name: 'notes over 1000 characters',
    form: 'person',
    fields: ({ other }) => personForm(other, { notes: 'x'.repeat(1001) }),
    field: 'notes',
    message: messages.atMost1000Characters,
  },
  {
    name: 'a GID that is not an id',
    form: 'person',
    fields: ({ other }) => personForm(other, { GID: 'abc', sourceUserUpdateComment: 'x' }),
    field: 'GID',
    message: messages.recordNotSaved,
  },
];

describe('bad input is refused with the form rule’s message, and nothing is saved', () => {
  let me: { user: Awaited<ReturnType<typeof buildUser>>; session: Tokens };
  let ids: Parameters<BadInput['fields']>[0];
  beforeAll(async () => {
    me = await signedInUser(t);
    ids = {
      me: me.user.id,
      other: (await buildUser(t.db)).id,
      myEmail: me.user.email!,
      deleted: (await buildUser(t.db, { kind: 'deleted', email: null })).id,
    };
  });

  it.each(badInputs)('refuses $name with 422', async ({ form, fields, field, message }) => {
    const before = await snapshotRelationTables(t.db);
    const encoding: Encoding = form === 'person' ? 'form' : 'multipart';
    const response = await post(t, saveUrls[form], me.session, fields(ids), encoding);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: messages.checkBelowFields,
      errors: { [field]: expect.arrayContaining([message]) },
    });
    expect(await snapshotRelationTables(t.db)).toEqual(before);
  });

  it('accepts 1000 characters of comment, and a date at the cap', async () => {
    const other = await buildUser(t.db);
    const response = await savePersonRelation(
      t,
      me.session,
      personForm(other.id, {
        dateStartYear: thisYear,
        dateStartMonth: 1,
        dateEndYear: collaborationCap.year,
        dateEndMonth: collaborationCap.month!,
        sourceUserUpdateComment: 'x'.repeat(1000),
      }),
    );
    expect(response.json()).toMatchObject({ status: 'CREATED' });
  });

  it('answers the JSON save too, never with a 500, whatever the field types', async () => {
    const response = await post(
      t,
      saveUrls.person,
      me.session,
      { relationType: { nested: true }, rUserId: [1, 2], coAuthorDetails: 7, GID: null },
      'json',
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(messages.checkBelowFields);
  });
});

describe('duplicates', () => {
  it('refuses the same person relation again, from either side, with DUPLICATE ENTRY', async () => {
    const ada = await signedInUser(t);
    const bob = await signedInUser(t);
    const first = await savePersonRelation(t, ada.session, personForm(bob.user.id));
    const again = await savePersonRelation(t, ada.session, personForm(bob.user.id));
    const reversed = await savePersonRelation(t, bob.session, personForm(ada.user.id));
    for (const response of [again, reversed]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        GID: first.json().GID,
        status: 'DUPLICATE ENTRY',
        message: messages.relationExists,
      });
    }
    const otherDates = await savePersonRelation(
      t,
      ada.session,
      personForm(bob.user.id, { dateStartYear: 2011 }),
    );
    expect(otherDates.json()).toMatchObject({ status: 'CREATED' });
  });

  it('refuses a publication already recorded with the same title and year, however it is spelled', async () => {
    const ada = await signedInUser(t);
    const bob = await buildUser(t.db);
    const cyd = await buildUser(t.db);
    await saveCoauthorRelation(
      t,
      ada.session,
      publicationForm([bob.id], { publicationName: 'Deep Nets, Revisited', dateEndYear: 2022 }),
    );
    const again = await saveCoauthorRelation(
      t,
      ada.session,
      publicationForm([cyd.id], { publicationName: 'deep nets revisited!', dateEndYear: 2022 }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 'DUPLICATE ENTRY' });
    const nextYear = await saveCoauthorRelation(
      t,
      ada.session,
      publicationForm([cyd.id], { publicationName: 'Deep Nets, Revisited', dateEndYear: 2023 }),
    );
    expect(nextYear.json()).toMatchObject({ status: 'CREATED' });
  });

  it('refuses a second pending application at one institution with the same date', async () => {
    const ada = await signedInUser(t);
    const institution = await buildInstitution(t.db);
    await savePendingEmployment(t, ada.session, pendingEmploymentForm(institution.id));
    const again = await savePendingEmployment(
      t,
      ada.session,
      pendingEmploymentForm(institution.id),
    );
    expect(again.json()).toMatchObject({ status: 'DUPLICATE ENTRY' });
  });

  it('lets a deleted relation be recorded again', async () => {
    const ada = await signedInUser(t);
    const bob = await buildUser(t.db);
    const first = await savePersonRelation(t, ada.session, personForm(bob.id));
    await deleteRelation(t, ada.session, first.json().GID);
    const again = await savePersonRelation(t, ada.session, personForm(bob.id));
    expect(again.json()).toMatchObject({ status: 'CREATED' });
  });
});

describe('modifying a relation', () => {
  async function publicationWithAnswers() {
    const ada = await signedInUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const bob = await signedInUser(t);
    const cyd = await signedInUser(t);
    const created = await saveCoauthorRelation(
      t,
      ada.session,
      publicationForm([bob.user.id, cyd.user.id], { publicationName: 'Original Title' }),
    );
    const gid = created.json().GID as number;
    await accept(t, bob.session, gid);
    await accept(t, cyd.session, gid);
    const rows = await partiesOf(gid);
    return { ada, bob, cyd, gid, rows };
  }

  const edit = (gid: number, people: Parameters<typeof coauthorDetails>[0], fields: Fields = {}) =>
    publicationForm([], {
      GID: gid,
      publicationName: 'Original Title',
      coAuthorDetails: coauthorDetails(people),
      sourceUserUpdateComment: 'Fixed a detail.',
      ...fields,
    });

  it('answers UPDATED COAUTHOR, and a new title sends everyone back to pending with the comment', async () => {
    const { ada, bob, cyd, gid, rows } = await publicationWithAnswers();
    const response = await saveCoauthorRelation(
      t,
      ada.session,
      edit(
        gid,
        rows.map((row) => ({ id: row.userId, relationId: row.id, status: row.status })),
        { publicationName: 'Better Title', sourceUserUpdateComment: 'Typo in the title.' },
      ),
    );
    expect(response.json()).toEqual({
      GID: gid,
      status: 'UPDATED COAUTHOR',
      message: messages.relationUpdated,
    });
    expect((await partiesOf(gid)).map((party) => party.status)).toEqual([3, 3]);
    for (const user of [bob.user, cyd.user]) {
      expect((await notificationsOf(user.id)).at(-1)).toMatchObject({
        message: 'Ada Lovelace modified the relation. Please review it again.',
        rejectReason: null,
        comment: 'Typo in the title.',
        relationId: gid,
      });
    }
    const view = (await viewRelation(t, bob.session, gid)).json();
    expect(view).toMatchObject({
      publicationName: 'Better Title',
      sourceUserUpdateComment: 'Typo in the title.',
      Status: 3,
    });
  });

  it('keeps the answers when only the notes change', async () => {
    const { ada, bob, gid, rows } = await publicationWithAnswers();
    const response = await saveCoauthorRelation(
      t,
      ada.session,
      edit(
        gid,
        rows.map((row) => ({ id: row.userId, relationId: row.id })),
        { notes: 'DOI added' },
      ),
    );
    expect(response.json().status).toBe('UPDATED COAUTHOR');
    expect((await partiesOf(gid)).map((party) => party.status)).toEqual([1, 1]);
    expect((await findRelationRow(gid)).notes).toBe('DOI added');
    expect((await notificationsOf(bob.user.id)).at(-1)).toMatchObject({
      message: 'Ada Lovelace modified the relation.',
      comment: 'Fixed a detail.',
    });
  });

  it('tells the others a comment was added when a save changes nothing but the comment', async () => {
    const { ada, bob, cyd, gid, rows } = await publicationWithAnswers();
    const before = await findRelationRow(gid);
    const response = await saveCoauthorRelation(
      t,
      ada.session,
      edit(
        gid,
        rows.map((row) => ({ id: row.userId, relationId: row.id })),
        { sourceUserUpdateComment: 'Thanks for confirming!' },
      ),
    );
    expect(response.json().status).toBe('UPDATED COAUTHOR');
    expect((await partiesOf(gid)).map((party) => party.status)).toEqual([1, 1]);
    expect(await findRelationRow(gid)).toMatchObject({
      title: before.title,
      notes: before.notes,
      source: before.source,
    });
    for (const user of [bob.user, cyd.user]) {
      expect((await notificationsOf(user.id)).at(-1)).toMatchObject({
        message: 'Ada Lovelace commented on the relation.',
        rejectReason: null,
        comment: 'Thanks for confirming!',
        relationId: gid,
      });
    }
    const mail = (await mailsTo(t, bob.user.email!)).find((candidate) =>
      candidate.subject.includes('commented on the relation'),
    );
    expect(mail?.text).toContain('Comment: Thanks for confirming!');
  });

  it('keeps the answers when a co-author whose account was deleted is left out', async () => {
    const { ada, bob, cyd, gid, rows } = await publicationWithAnswers();
    await t.db.update(users).set({ kind: 'deleted', email: null }).where(eq(users.id, cyd.user.id));
    const bobRow = rows.find((row) => row.userId === bob.user.id)!;
    const cydRow = rows.find((row) => row.userId === cyd.user.id)!;
    const response = await saveCoauthorRelation(
      t,
      ada.session,
      edit(
        gid,
        [
          { id: bob.user.id, relationId: bobRow.id },
          { id: cyd.user.id, relationId: cydRow.id, status: 2 },
        ],
        { notes: 'DOI added' },
      ),
    );
    expect(response.json().status).toBe('UPDATED COAUTHOR');
    const after = await partiesOf(gid);
    expect(after.find((party) => party.userId === bob.user.id)!.status).toBe(1);
  });

  it('removes a co-author left out of the list (status 2), who is told and loses the relation', async () => {
    const { ada, bob, cyd, gid, rows } = await publicationWithAnswers();
    const bobRow = rows.find((row) => row.userId === bob.user.id)!;
    const response = await saveCoauthorRelation(
      t,
      ada.session,
      edit(gid, [{ id: bob.user.id, relationId: bobRow.id }]),
    );
    expect(response.statusCode).toBe(200);
    expect((await partiesOf(gid)).map((party) => [party.userId, party.status])).toEqual([
      [bob.user.id, 3],
      [cyd.user.id, 2],
    ]);
    expect((await notificationsOf(cyd.user.id)).at(-1)).toMatchObject({
      message: 'Ada Lovelace removed you from the relation.',
      relationId: null,
    });
    expect((await viewRelation(t, cyd.session, gid)).statusCode).toBe(404);
  });

  it('removes a co-author sent with status 2, and takes them back as pending when named again', async () => {
    const { ada, bob, cyd, gid, rows } = await publicationWithAnswers();
    const cydRow = rows.find((row) => row.userId === cyd.user.id)!;
    const bobRow = rows.find((row) => row.userId === bob.user.id)!;
    await saveCoauthorRelation(
      t,
      ada.session,
      edit(gid, [
        { id: bob.user.id, relationId: bobRow.id, status: 1 },
        { id: cyd.user.id, relationId: cydRow.id, status: 2 },
      ]),
    );
    expect((await partiesOf(gid)).map((party) => party.status)).toEqual([3, 2]);
    await saveCoauthorRelation(
      t,
      ada.session,
      edit(gid, [{ id: bob.user.id }, { id: cyd.user.id }]),
    );
    expect((await partiesOf(gid)).map((party) => party.status)).toEqual([3, 3]);
    expect((await notificationsOf(cyd.user.id)).at(-1)).toMatchObject({
      message: 'Ada Lovelace added a relation with you. Please review and respond to it.',
    });
  });

  it('adds a new co-author as pending and sends the others back to pending', async () => {
    const { ada, gid, rows } = await publicationWithAnswers();
    const dee = await buildUser(t.db);
    await saveCoauthorRelation(
      t,
      ada.session,
      edit(gid, [...rows.map((row) => ({ id: row.userId, relationId: row.id })), { id: dee.id }]),
    );
    expect((await partiesOf(gid)).map((party) => [party.userId, party.status])).toEqual([
      [rows[0]!.userId, 3],
      [rows[1]!.userId, 3],
      [dee.id, 3],
    ]);
  });

  it('replaces the person of a person relation: the old one removed, the new one pending', async () => {
    const ada = await signedInUser(t);
    const bob = await buildUser(t.db);
    const cyd = await buildUser(t.db);
    const created = await savePersonRelation(t, ada.session, personForm(bob.id));
    const gid = created.json().GID;
    const response = await savePersonRelation(
      t,
      ada.session,
      personForm(cyd.id, { GID: gid, sourceUserUpdateComment: 'Wrong person.' }),
    );
    expect(response.json()).toEqual({
      GID: gid,
      status: 'UPDATED',
      message: messages.relationUpdated,
    });
    expect((await partiesOf(gid)).map((party) => [party.userId, party.status])).toEqual([
      [bob.id, 2],
      [cyd.id, 3],
    ]);
    expect((await viewRelation(t, ada.session, gid)).json()).toMatchObject({ rUserId: cyd.id });

    await savePersonRelation(
      t,
      ada.session,
      personForm(bob.id, { GID: gid, sourceUserUpdateComment: 'It was Bob after all.' }),
    );
    expect((await partiesOf(gid)).map((party) => [party.userId, party.status])).toEqual([
      [bob.id, 3],
      [cyd.id, 2],
    ]);
    expect((await viewRelation(t, ada.session, gid)).json()).toMatchObject({ rUserId: bob.id });
  });

  it('answers UPDATED for a pending application and follows its new institution', async () => {
    const ada = await signedInUser(t);
    const approved = await buildInstitution(t.db);
    const awaiting = await buildInstitution(t.db, { status: 3, createdByUserId: ada.user.id });
    const created = await savePendingEmployment(t, ada.session, pendingEmploymentForm(approved.id));
    const gid = created.json().GID;
    const response = await savePendingEmployment(
      t,
      ada.session,
      pendingEmploymentForm(awaiting.id, { GID: gid, sourceUserUpdateComment: 'Other school.' }),
    );
    expect(response.json().status).toBe('UPDATED');
    expect(await findRelationRow(gid)).toMatchObject({ institutionId: awaiting.id, status: 3 });
  });

  it.each([
    [
      'without a change comment',
      { sourceUserUpdateComment: '' },
      'sourceUserUpdateComment',
      messages.changeCommentRequired,
    ],
    [
      'clearing a mandatory date',
      { dateEndYear: '' },
      'dateEndYear',
      relationDateCleared('Year of publication'),
    ],
    ['changing the type', { relationType: 6 }, 'relationType', messages.relationTypeCannotChange],
  ])('refuses a modification %s, changing nothing', async (_case, fields, field, message) => {
    const { ada, gid, rows } = await publicationWithAnswers();
    const before = await snapshotRelationTables(t.db);
    const response = await saveCoauthorRelation(
      t,
      ada.session,
      edit(
        gid,
        rows.map((row) => ({ id: row.userId, relationId: row.id })),
        fields,
      ),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toContain(message);
    expect(await snapshotRelationTables(t.db)).toEqual(before);
  });

  it('marks the creator’s notifications about the relation read and audits before and after', async () => {
    const { ada, bob, gid, rows } = await publicationWithAnswers();
    await buildNotificationFor(ada.user.id, gid);
    await saveCoauthorRelation(
      t,
      ada.session,
      edit(
        gid,
        rows.map((row) => ({ id: row.userId, relationId: row.id })),
        {
          dateEndYear: 2021,
        },
      ),
    );
    const unread = (await notificationsOf(ada.user.id)).filter(
      (row) => row.relationId === gid && row.readAt === null,
    );
    expect(unread).toEqual([]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'relation.update'), eq(auditLog.entityId, gid)));
    expect(audit).toMatchObject({
      actorUserId: ada.user.id,
      before: { endYear: 2023, parties: [{ userId: bob.user.id, status: 1 }, { status: 1 }] },
      after: {
        endYear: 2021,
        isSubstantive: true,
        comment: 'Fixed a detail.',
        parties: [{ userId: bob.user.id, status: 3 }, { status: 3 }],
      },
    });
  });

  it('is refused to a named person (403), a stranger (404) and on an imported relation (409)', async () => {
    const { bob, gid, rows } = await publicationWithAnswers();
    const stranger = await signedInUser(t);
    const people = rows.map((row) => ({ id: row.userId, relationId: row.id }));
    const byParty = await saveCoauthorRelation(t, bob.session, edit(gid, people));
    expect(byParty.statusCode).toBe(403);
    expect(byParty.json()).toEqual({ message: messages.onlyCreatorModifies });
    const byStranger = await saveCoauthorRelation(t, stranger.session, edit(gid, people));
    expect(byStranger.statusCode).toBe(404);

    const owner = await signedInUser(t);
    const imported = await buildRelation(t.db, {
      creator: owner.user,
      partyStatus: 1,
      overrides: { isDblpImported: true },
    });
    const onImported = await saveCoauthorRelation(
      t,
      owner.session,
      edit(imported.relation.id, [{ id: imported.partyUsers[0]!.id }]),
    );
    expect(onImported.statusCode).toBe(409);
    expect(onImported.json()).toEqual({ message: messages.importedReadOnly });
  });

  it('closes a person relation whose other person’s account was deleted', async () => {
    const ada = await signedInUser(t);
    const gone = await buildUser(t.db, { kind: 'deleted', email: null });
    const { relation } = await buildRelation(t.db, { type: 2, creator: ada.user, parties: [gone] });
    const response = await savePersonRelation(
      t,
      ada.session,
      personForm(gone.id, { GID: relation.id, sourceUserUpdateComment: 'x' }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: messages.relationClosed });
  });
});

async function buildNotificationFor(userId: number, relationId: number) {
  await t.db.insert(notifications).values({ userId, message: 'Something happened.', relationId });
}

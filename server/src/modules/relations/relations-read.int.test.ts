// What the relation pages read (docs/api-relations.md, "Reading"): the add-relation form's data,
// one relation as its creator, a named person and an administrator see it, the list in the
// contract's rows (all and pending), and the person search behind the pickers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutionStatus, messages, relationTypes } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  buildAffiliation,
  buildDblpPerson,
  buildInstitution,
  buildNotification,
  buildRelation,
  buildUser,
} from '../../../test/factories.ts';
import { signedInUser } from '../../../test/profile-requests.ts';
import {
  get,
  listRelations,
  searchPeople,
  viewPendingEmployment,
  viewRelation,
} from '../../../test/relation-requests.ts';
import { publicationAuthors, publications } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /v1/web/relation/data/addnew', () => {
  it('answers the types with their form settings, the people the user knows, her own institutions, paper types and publications', async () => {
    const ada = await signedInUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const known = await buildUser(t.db, { firstName: 'Known', lastName: 'Coauthor' });
    const removed = await buildUser(t.db);
    await buildRelation(t.db, {
      creator: ada.user,
      parties: [known, { user: removed, status: 2 }],
    });
    const institution = await buildInstitution(t.db, { name: 'Addnew University' });
    await buildAffiliation(t.db, ada.user.id, { institutionId: institution.id });
    const elsewhere = await buildInstitution(t.db, { name: 'Addnew Elsewhere University' });
    const [publication] = await t.db
      .insert(publications)
      .values({
        title: 'My Own Paper',
        titleKey: 'my own paper',
        year: 2021,
        dblpKey: 'conf/x/Ada21',
      })
      .returning();
    await t.db.insert(publicationAuthors).values({
      publicationId: publication!.id,
      position: 1,
      userId: ada.user.id,
      name: 'Ada Lovelace',
    });

    const response = await get(t, '/v1/web/relation/data/addnew', ada.session);
    expect(response.statusCode).toBe(200);
    const data = response.json();
    expect(data.relationTypes.map((type: { id: number }) => type.id)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
    expect(data.relationTypesOrdered.map((type: { id: number }) => type.id)).toEqual([
      3, 1, 2, 4, 6, 7, 5, 8,
    ]);
    expect(data.relationTypes[2]).toEqual({
      id: 3,
      name: 'Co-authored publication',
      type_name: 'Co-authored publication',
      description: relationTypes[2]!.description,
      show_start_date: 0,
      show_end_date: 1,
      start_date_mandatory: 0,
      end_date_mandatory: 1,
      show_start_date_label: '',
      show_end_date_label: 'Year of publication',
      start_date_format: 1,
      end_date_format: 1,
      is_multi_person: 1,
      comment_mandatory: 0,
      allow_ongoing: 0,
      max_days_ahead: 365,
      title_label: 'Publication title',
      coauthors_label: 'Co-authors',
      coauthor_label: 'Co-author',
    });
    expect(data.relationTypes[5]).toMatchObject({
      title_label: 'Award name',
      coauthors_label: 'Co-awardees',
      coauthor_label: 'Co-awardee',
    });
    expect(data.relationTypes[4]).toMatchObject({ comment_mandatory: 1, allow_ongoing: 0 });
    expect(data.relationTypes[1]).toMatchObject({ start_date_format: 2, allow_ongoing: 1 });
    expect(data.usersDrp).toEqual([{ label: 'Known Coauthor', value: known.id, dblp_name: '' }]);
    // Her own institutions only: the picker's search finds every other.
    expect(data.institutionDrop[String(institution.id)]).toBe('Addnew University');
    expect(data.institutionDrop).not.toHaveProperty(String(elsewhere.id));
    expect(data.paperTypes).toEqual({ 1: 'Research paper', 2: 'Not a research paper' });
    expect(data.allPublications).toEqual([
      { label: 'My Own Paper', value: publication!.id, year: 2021, dblp_key: 'conf/x/Ada21' },
    ]);
    expect(data.publicationDBLPUrl).toBe('https://dblp.org/rec/');
    expect(data.LoggedInUserFullName).toBe('Ada Lovelace');
  });
});

describe('GET /v1/web/relation/data/view/{id}', () => {
  it('shows the creator their relation, editable, with its co-authors and their answers', async () => {
    const ada = await signedInUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const bob = await buildUser(t.db, { firstName: 'Bob', lastName: 'Baker' });
    const cyd = await buildUser(t.db, { firstName: 'Cyd', lastName: 'Charisse' });
    const { relation, parties } = await buildRelation(t.db, {
      creator: ada.user,
      title: 'A Paper',
      end: { year: 2020 },
      parties: [
        { user: bob, status: 1 },
        { user: cyd, status: 4, reason: 'Not me.' },
      ],
    });
    const view = (await viewRelation(t, ada.session, relation.id)).json();
    expect(view).toMatchObject({
      GID: relation.id,
      UId: ada.user.id,
      UName: 'Ada Lovelace',
      relationType: 3,
      relationTypeName: 'Co-authored publication',
      rUserId: 0,
      publicationName: 'A Paper',
      dateEndYear: 2020,
      Status: 4,
      allowModify: 1,
      sourceUserIsLoggedInUser: 1,
      relUserIsLoggedInUser: 0,
      DBLPImportedEntry: 0,
      LoggedInUserFullName: 'Ada Lovelace',
      // The creator changes the relation and comments with the save: no 'Request a change'.
      permissions: {
        accept: 0,
        reject: 0,
        requestChange: 0,
        contactAdmin: 1,
        modify: 1,
        delete: 1,
      },
      numberOfCoAuthors: 2,
    });
    expect(view.coAuthors).toEqual([
      {
        relation_id: parties[0]!.id,
        relation_parent_id: relation.id,
        coauthor_id: bob.id,
        coauthor_name: 'Bob Baker',
        status: 1,
        reject_reason: '',
        allowModify: 1,
      },
      {
        relation_id: parties[1]!.id,
        relation_parent_id: relation.id,
        coauthor_id: cyd.id,
        coauthor_name: 'Cyd Charisse',
        status: 4,
        reject_reason: 'Not me.',
        allowModify: 1,
      },
    ]);
    expect(view.usersDrp.map((option: { value: number }) => option.value).sort()).toEqual(
      [bob.id, cyd.id].sort(),
    );
    expect(view.relationTypes).toHaveLength(8);
  });

  it('shows a named person their own answer and read-only fields, with their unread notification', async () => {
    const ada = await buildUser(t.db, { firstName: 'Ada', lastName: 'Lovelace' });
    const bob = await signedInUser(t, { firstName: 'Bob', lastName: 'Baker' });
    const { relation } = await buildRelation(t.db, {
      type: 4,
      creator: ada,
      parties: [bob.user],
      start: { year: 2019, month: 5 },
    });
    const notice = await buildNotification(t.db, bob.user.id, { relationId: relation.id });
    const view = (await viewRelation(t, bob.session, relation.id)).json();
    expect(view).toMatchObject({
      relationType: 4,
      UName: 'Ada Lovelace',
      rUserId: bob.user.id,
      rUserName: 'Bob Baker',
      dateStartYear: 2019,
      dateStartMonth: 5,
      dateEndYear: null,
      isOngoing: 1,
      Status: 3,
      coauthor_status: 3,
      allowModify: 0,
      sourceUserIsLoggedInUser: 0,
      relUserIsLoggedInUser: 1,
      latest_unread_notification_id: notice.id,
      permissions: {
        accept: 1,
        reject: 1,
        requestChange: 1,
        contactAdmin: 1,
        modify: 0,
        delete: 0,
      },
      coAuthors: [],
    });
  });

  it('shows an administrator any relation read-only, with no one to contact but its people', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const { relation } = await buildRelation(t.db);
    const view = (await viewRelation(t, admin.session, relation.id)).json();
    expect(view).toMatchObject({
      allowModify: 0,
      permissions: {
        accept: 0,
        reject: 0,
        modify: 0,
        delete: 1,
        requestChange: 1,
        contactAdmin: 0,
      },
    });
  });

  it('shows a person whose account was deleted with status 2 and their kept name', async () => {
    const ada = await signedInUser(t);
    const gone = await buildUser(t.db, {
      kind: 'deleted',
      firstName: '',
      lastName: '',
      email: null,
    });
    const { relation } = await buildRelation(t.db, { type: 2, creator: ada.user, parties: [gone] });
    const view = (await viewRelation(t, ada.session, relation.id)).json();
    expect(view).toMatchObject({
      rUserName: messages.deletedUser,
      coauthor_status: 2,
      allowModify: 0,
      permissions: { modify: 0, delete: 1 },
    });
  });

  it('offers the viewer her own institutions, a proposal awaiting approval marked as such', async () => {
    const ada = await signedInUser(t);
    const other = await buildUser(t.db);
    const hers = await buildInstitution(t.db, { name: 'Zeta University' });
    await buildAffiliation(t.db, ada.user.id, { institutionId: hers.id });
    const proposed = await buildInstitution(t.db, {
      name: 'Alpha Institute',
      status: institutionStatus.awaitingApproval,
      createdByUserId: ada.user.id,
    });
    const othersProposal = await buildInstitution(t.db, {
      status: institutionStatus.awaitingApproval,
      createdByUserId: other.id,
    });
    const approvedElsewhere = await buildInstitution(t.db);
    const { relation } = await buildRelation(t.db, { creator: ada.user, parties: [other] });
    const view = (await viewRelation(t, ada.session, relation.id)).json();
    expect(view.institutionDrop).toEqual({
      [proposed.id]: `Alpha Institute (${messages.institutionSentForApproval})`,
      [hers.id]: 'Zeta University',
    });
    expect(view.institutionDrop).not.toHaveProperty(String(othersProposal.id));
    expect(view.institutionDrop).not.toHaveProperty(String(approvedElsewhere.id));
  });

  it('answers the pending-employment view with the institution', async () => {
    const ada = await signedInUser(t);
    const institution = await buildInstitution(t.db, { name: 'Applied University', status: 3 });
    const { relation } = await buildRelation(t.db, {
      type: 8,
      creator: ada.user,
      institutionId: institution.id,
      start: { year: 2025, month: 10 },
    });
    const view = (await viewPendingEmployment(t, ada.session, relation.id)).json();
    expect(view).toMatchObject({
      GID: relation.id,
      relationType: 8,
      Status: 3,
      rInstitutionId: institution.id,
      rInstitutionName: 'Applied University',
      institutionId: institution.id,
      institutionName: 'Applied University',
      institutionStatus: 3,
      dateStartYear: 2025,
      dateStartMonth: 10,
      isOngoing: 1,
      // Nobody else is on a type 8 relation: its creator edits it or contacts the admin.
      permissions: { requestChange: 0, contactAdmin: 1, modify: 1, delete: 1 },
    });
  });

  it.each(['abc', '0', '-1', '99999999999', '2147483647', '1.5'])(
    'answers 404 for the id %s',
    async (id) => {
      const ada = await signedInUser(t);
      const response = await viewRelation(t, ada.session, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: messages.notFound });
    },
  );
});

describe('POST /v1/web/relations/data/list', () => {
  it('lists every relation of the user by type, in the contract’s rows, with the institutions of their affiliations', async () => {
    const ada = await signedInUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const bob = await buildUser(t.db, { firstName: 'Bob', lastName: 'Baker' });
    const cyd = await buildUser(t.db, { firstName: 'Cyd', lastName: 'Charisse' });
    const gone = await buildUser(t.db, { kind: 'deleted', firstName: 'Gone', lastName: 'Person' });
    const paper2020 = await buildRelation(t.db, {
      creator: ada.user,
      title: 'Shared Title',
      end: { year: 2020 },
      parties: [
        { user: bob, status: 1 },
        { user: cyd, status: 3 },
      ],
    });
    const paper2022 = await buildRelation(t.db, {
      creator: bob,
      title: 'shared title',
      end: { year: 2022 },
      parties: [{ user: ada.user, status: 1 }],
    });
    const advisor = await buildRelation(t.db, {
      type: 1,
      creator: cyd,
      parties: [{ user: ada.user, status: 4, reason: 'No.' }],
      start: { year: 2010 },
      end: { year: 2015 },
    });
    const withGone = await buildRelation(t.db, { type: 2, creator: ada.user, parties: [gone] });
    const institution = await buildInstitution(t.db, { name: 'Applied University' });
    const application = await buildRelation(t.db, {
      type: 8,
      creator: ada.user,
      institutionId: institution.id,
      start: { year: 2025, month: 2 },
    });
    await buildRelation(t.db, { creator: ada.user, overrides: { status: 2 } });
    await buildRelation(t.db, { creator: bob, parties: [{ user: ada.user, status: 2 }] });
    const employer = await buildInstitution(t.db, { name: 'Employer Inc.' });
    await buildAffiliation(t.db, ada.user.id, {
      institutionId: employer.id,
      startDate: '2019-01-01',
      isCurrent: true,
    });

    const response = await listRelations(t, ada.session);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list).toMatchObject({ errors: {}, tot_relations: 5, user_conflicts: [] });
    expect(list.relation_types).toHaveLength(8);
    expect(Object.keys(list.relations)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(list.relations['3']).toEqual([
      {
        publication_name: 'shared title',
        publication_years: {
          '2022': {
            date_end_year: 2022,
            status: 1,
            co_author_names: 'Bob Baker',
            parent_id: paper2022.relation.id,
            co_authors: [
              {
                coauthor_id: bob.id,
                coauthor_name: 'Bob Baker',
                status: 1,
                alow_modify: 0,
                relationId: 0,
              },
            ],
          },
          '2020': {
            date_end_year: 2020,
            status: 3,
            co_author_names: 'Bob Baker, Cyd Charisse',
            parent_id: paper2020.relation.id,
            co_authors: [
              {
                coauthor_id: bob.id,
                coauthor_name: 'Bob Baker',
                status: 1,
                alow_modify: 1,
                relationId: paper2020.parties[0]!.id,
              },
              {
                coauthor_id: cyd.id,
                coauthor_name: 'Cyd Charisse',
                status: 3,
                alow_modify: 1,
                relationId: paper2020.parties[1]!.id,
              },
            ],
          },
        },
      },
    ]);
    expect(list.relations['1']).toEqual([
      {
        display_coauthor_name: 'Cyd Charisse',
        co_author_id: cyd.id,
        co_author_status: 1,
        start_date: 2010,
        start_date_month: null,
        end_date: 2015,
        end_date_month: null,
        status: 4,
        modify_id: advisor.relation.id,
      },
    ]);
    expect(list.relations['2']).toMatchObject([
      {
        display_coauthor_name: 'Gone Person',
        co_author_status: 2,
        modify_id: withGone.relation.id,
      },
    ]);
    expect(list.relations['8']).toEqual([
      {
        institution_name: 'Applied University',
        institution_id: institution.id,
        institution_status: 1,
        start_date: 2025,
        start_date_month: 2,
        end_date: null,
        end_date_month: null,
        status: 1,
        modify_id: application.relation.id,
      },
    ]);
    expect(list.institution_list).toEqual([
      {
        institution_name: 'Employer Inc.',
        institution_id: employer.id,
        institution_status: 1,
        type_of_position: 'Faculty',
        year: 2019,
        years: '2019-present',
      },
    ]);

    const pending = (await listRelations(t, ada.session, 'pending')).json();
    expect(pending.tot_relations).toBe(3);
    expect(pending.relations['1']).toHaveLength(1);
    expect(pending.relations['8']).toEqual([]);
    expect(Object.keys(pending.relations['3'][0].publication_years)).toEqual(['2020']);
  });

  it('answers an empty list to a new user, with or without a body', async () => {
    const newcomer = await signedInUser(t);
    expect((await listRelations(t, newcomer.session)).json()).toMatchObject({ tot_relations: 0 });
    const bare = await t.app.inject({
      method: 'POST',
      url: '/v1/web/relations/data/list',
      headers: { authorization: `Bearer ${newcomer.session.access_token}` },
    });
    expect(bare.json()).toMatchObject({ tot_relations: 0 });
  });
});

describe('GET /v1/web/users/search', () => {
  it('finds people by the start of any name, ignoring case, accents and punctuation', async () => {
    const me = await signedInUser(t, { firstName: 'Searcher', lastName: 'Self' });
    const jose = await buildUser(t.db, { firstName: 'José', lastName: 'Ñúñez-García' });
    const dblp = await buildDblpPerson(t.db, {
      firstName: 'Wei',
      lastName: 'Wangzzy',
      dblpName: 'Wei Wangzzy 0003',
    });
    const other = await buildUser(t.db, {
      firstName: 'Ann',
      lastName: 'Other',
      otherName1: 'Annie Quuxley',
    });
    const labels = async (q: string) =>
      (await searchPeople(t, me.session, q))
        .json()
        .usersDrp.map((option: { value: number }) => option.value);
    expect(await labels('jose nun')).toEqual([jose.id]);
    expect(await labels('ÑÚÑEZ')).toEqual([jose.id]);
    expect(await labels('nunez-garcia jo')).toEqual([jose.id]);
    expect(await labels('wangzzy')).toEqual([dblp.id]);
    expect(await labels('wei wangzzy 0003')).toEqual([dblp.id]);
    expect(await labels('quuxley')).toEqual([]);
    expect(await labels('annie quux')).toEqual([other.id]);
    expect((await searchPeople(t, me.session, 'wangzzy')).json().usersDrp).toEqual([
      { label: 'Wei Wangzzy', value: dblp.id, dblp_name: 'Wei Wangzzy 0003' },
    ]);
  });

  it('matches the start of either confirmed address, and never offers the caller or deleted accounts', async () => {
    const me = await signedInUser(t, { firstName: 'Zedd', lastName: 'Searchme' });
    const stamp = Date.now();
    const target = await buildUser(t.db, { email: `full.${stamp}@example.org` });
    const secondary = await buildUser(t.db, {
      email: `main.${stamp}@example.org`,
      secondaryEmail: `qt${stamp}@alt.example.net`,
    });
    const pending = await buildUser(t.db, { pendingSecondaryEmail: `qp${stamp}@alt.example.net` });
    const unconfirmed = await buildUser(t.db, {
      email: `qu${stamp}@alt.example.net`,
      isEmailConfirmed: false,
    });
    await buildUser(t.db, { kind: 'deleted', firstName: 'Zedd', lastName: 'Searchmetoo' });
    const ids = async (q: string) =>
      (await searchPeople(t, me.session, q))
        .json()
        .usersDrp.map((option: { value: number }) => option.value);
    expect(await ids(target.email!.slice(0, 12))).toEqual([target.id]);
    expect(await ids(target.email!.toUpperCase())).toEqual([target.id]);
    expect(await ids(`qt${stamp}@alt`)).toEqual([secondary.id]);
    expect(await ids(`QT${stamp}@ALT.example.net`)).toEqual([secondary.id]);
    // A pending address and the address of a sign-up waiting for its link never match.
    expect(await ids(`qp${stamp}@alt`)).not.toContain(pending.id);
    expect(await ids(`qu${stamp}@alt`)).not.toContain(unconfirmed.id);
    // LIKE's wildcards typed in the search match only themselves.
    expect(await ids(`q_${stamp}@alt`)).toEqual([]);
    expect(await ids(`q%${stamp}`)).toEqual([]);
    expect(await ids(me.user.email!)).toEqual([]);
    expect(await ids('zedd searchme')).toEqual([]);
  });

  it('marks the person whose address is typed in full, and answers nobody for one’s own address', async () => {
    const stamp = Date.now();
    const me = await signedInUser(t, {
      email: `me.${stamp}@example.org`,
      secondaryEmail: `me.${stamp}@alt.example.net`,
      pendingEmail: `me.next.${stamp}@example.org`,
    });
    const grace = await buildUser(t.db, {
      email: `grace.${stamp}@example.org`,
      secondaryEmail: `gh.${stamp}@alt.example.net`,
    });
    const longer = await buildUser(t.db, { email: `grace.${stamp}@example.org.uk` });
    const search = async (q: string) => (await searchPeople(t, me.session, q)).json();

    const full = await search(`Grace.${stamp}@example.org`);
    expect(full.own_email).toBeUndefined();
    expect(full.usersDrp).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: grace.id, typed_email: 1 }),
        expect.not.objectContaining({ typed_email: 1 }),
      ]),
    );
    expect(
      full.usersDrp.find((option: { value: number }) => option.value === longer.id),
    ).not.toHaveProperty('typed_email');
    expect((await search(`gh.${stamp}@alt.example.net`)).usersDrp).toEqual([
      expect.objectContaining({ value: grace.id, typed_email: 1 }),
    ]);
    expect((await search(`grace.${stamp}@example`)).usersDrp).not.toContainEqual(
      expect.objectContaining({ typed_email: 1 }),
    );
    for (const own of [
      me.user.email!,
      `ME.${stamp}@alt.example.net`,
      `me.next.${stamp}@example.org`,
    ]) {
      expect(await search(own)).toEqual({ usersDrp: [], own_email: 1 });
    }
  });

  it.each(['', 'a', ' - '])('asks for at least 2 letters when given %j', async (q) => {
    const me = await signedInUser(t);
    const response = await searchPeople(t, me.session, q);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ q: [messages.searchTooShort] });
  });

  it('answers at most 20 people', async () => {
    const me = await signedInUser(t);
    for (let index = 0; index < 25; index += 1) {
      await buildUser(t.db, { firstName: 'Many', lastName: `Manyson${index}` });
    }
    expect((await searchPeople(t, me.session, 'many manyson')).json().usersDrp).toHaveLength(20);
  });
});

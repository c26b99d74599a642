// Institutions on the profile (docs/product.md, "Institutions"; docs/api.md, "Institutions"):
// proposing a new one by typing its name (status 3, awaiting approval), finding an existing one
// instead of a duplicate, and the two institution calls, InstitutionDrplist and
// InstitutionConflictOption.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  institutionConflictOptionsSchema,
  institutionDropListSchema,
  institutionKey,
  institutionStatus,
  messages,
} from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import type { Tokens } from '../../../test/factories.ts';
import {
  bearer,
  buildAffiliation,
  buildInstitution,
  positionIds,
} from '../../../test/factories.ts';
import {
  affiliationRow,
  getFullProfile,
  profileForm,
  saveProfile,
  signedInUser,
} from '../../../test/profile-requests.ts';
import { queryRows } from '../../db/client.ts';
import { auditLog, institutions } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let sequence = 0;
const uniqueName = (name: string) => `${name} ${(sequence += 1)}${Date.now() % 100_000}`;

/** A row typing a new institution name, as the browser sends it. */
const typedRow = (name: string, aliases = '') =>
  affiliationRow(0, { institutionId: '', institutionName: name, aliases });

async function saveTyped(
  signedIn: Awaited<ReturnType<typeof signedInUser>>,
  name: string,
  aliases = '',
) {
  const response = await saveProfile(
    t,
    signedIn.session,
    profileForm(signedIn.user, [typedRow(name, aliases)]),
  );
  expect(response.statusCode).toBe(200);
  const [row] = (await getFullProfile(t, signedIn.session)).json().institutionData;
  return row as { institutionId: number; institutionName: string; instStatus: number };
}

const findInstitutions = (key: string) =>
  t.db.select().from(institutions).where(eq(institutions.nameKey, key));

const dropList = (session: Tokens) =>
  t.app.inject({
    url: '/v1/web/institution/data/list/InstitutionDrplist',
    headers: bearer(session),
  });

const conflictOptions = (session: Tokens) =>
  t.app.inject({
    url: '/v1/web/institution/data/InstitutionConflictOption',
    headers: bearer(session),
  });

describe('proposing an institution by typing its name', () => {
  it('creates it awaiting approval, with its aliases, proposed by the person', async () => {
    const proposer = await signedInUser(t);
    const name = uniqueName('Institut für Spieltheorie');
    const row = await saveTyped(proposer, `  ${name} `, 'IfS, ifs , Spieltheorie Institut,,');
    expect(row).toMatchObject({ institutionName: name, instStatus: 3 });

    const [stored] = await t.db
      .select()
      .from(institutions)
      .where(eq(institutions.id, row.institutionId));
    expect(stored).toMatchObject({
      name,
      aliases: ['IfS', 'Spieltheorie Institut'],
      status: institutionStatus.awaitingApproval,
      createdByUserId: proposer.user.id,
    });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'institution'), eq(auditLog.entityId, row.institutionId)));
    expect(audit).toMatchObject([{ action: 'institution.propose', actorUserId: proposer.user.id }]);
  });

  it.each([
    ['in another letter case', (name: string) => name.toUpperCase()],
    ['without its accents', (name: string) => name.normalize('NFKD').replace(/\p{M}/gu, '')],
    ['with other punctuation and spacing', (name: string) => name.replaceAll(' ', ' -  ')],
  ])('finds the proposed institution when someone else types its name %s', async (_how, retype) => {
    const first = await signedInUser(t);
    const name = uniqueName('École Supérieure d’Informatique');
    const proposed = await saveTyped(first, name, 'ESI');
    const second = await signedInUser(t);
    const found = await saveTyped(second, retype(name), 'Another Alias');
    expect(found.institutionId).toBe(proposed.institutionId);
    expect(await findInstitutions(institutionKey(name))).toEqual([
      expect.objectContaining({ aliases: ['ESI'], createdByUserId: first.user.id }),
    ]);
  });

  it('finds an institution by one of its aliases, any case and accents, instead of a duplicate', async () => {
    const approved = await buildInstitution(t.db, {
      name: uniqueName('Eidgenössische Technische Hochschule Zürich'),
      aliases: [uniqueName('ETH Zürich')],
    });
    const person = await signedInUser(t);
    const before = await t.db.select({ id: institutions.id }).from(institutions);
    const found = await saveTyped(person, approved.aliases[0]!.toLowerCase().replace('ü', 'u'));
    expect(found).toMatchObject({ institutionId: approved.id, instStatus: 1 });
    expect(await t.db.select({ id: institutions.id }).from(institutions)).toHaveLength(
      before.length,
    );
  });

  it('finds a proposal by an alias its proposer gave', async () => {
    const proposer = await signedInUser(t);
    const alias = uniqueName('KTH');
    const proposed = await saveTyped(proposer, uniqueName('Kungliga Tekniska högskolan'), alias);
    const other = await signedInUser(t);
    expect((await saveTyped(other, alias)).institutionId).toBe(proposed.institutionId);
  });

  it('prefers an institution with that name over one with it as an alias', async () => {
    const name = uniqueName('Trinity College');
    await buildInstitution(t.db, { name: uniqueName('Trinity College Dublin'), aliases: [name] });
    const named = await buildInstitution(t.db, { name });
    const person = await signedInUser(t);
    expect((await saveTyped(person, name)).institutionId).toBe(named.id);
  });

  it('creates one institution when one save types the same new name twice', async () => {
    const person = await signedInUser(t);
    const name = uniqueName('Max Planck Institute for Software Systems');
    const response = await saveProfile(
      t,
      person.session,
      profileForm(person.user, [
        typedRow(name),
        { ...typedRow(name.toLowerCase()), startDate: '2015-01', endDate: '2018-01', current: 0 },
      ]),
    );
    expect(response.statusCode).toBe(200);
    expect(await findInstitutions(institutionKey(name))).toHaveLength(1);
  });

  it('creates one institution when two people propose the same name at the same moment', async () => {
    const people = await Promise.all([signedInUser(t), signedInUser(t), signedInUser(t)]);
    const name = uniqueName('Simultaneous Institute');
    const responses = await Promise.all(
      people.map((person, index) =>
        saveProfile(
          t,
          person.session,
          profileForm(person.user, [typedRow(index === 1 ? name.toUpperCase() : name)]),
        ),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(await findInstitutions(institutionKey(name))).toHaveLength(1);
  });

  it('refuses a name over 200 characters and creates nothing', async () => {
    const person = await signedInUser(t);
    const name = `Institute ${'x'.repeat(200)}`;
    const response = await saveProfile(
      t,
      person.session,
      profileForm(person.user, [typedRow(name)]),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.institutionDetails).toEqual(['At most 200 characters.']);
    expect(await findInstitutions(institutionKey(name))).toEqual([]);
  });
});

describe('GET /v1/web/institution/data/list/InstitutionDrplist', () => {
  it('maps ids to names: approved ones, and proposals only for their proposer, marked as sent for approval', async () => {
    const approved = await buildInstitution(t.db, { name: uniqueName('Approved University') });
    const proposer = await signedInUser(t);
    const proposalName = uniqueName('Proposed Lab');
    const proposal = await saveTyped(proposer, proposalName);
    const stranger = await signedInUser(t);

    const mine = await dropList(proposer.session);
    expect(mine.statusCode).toBe(200);
    expect(institutionDropListSchema.safeParse(mine.json()).success).toBe(true);
    expect(mine.json()).toMatchObject({
      [approved.id]: approved.name,
      [proposal.institutionId]: `${proposalName} (${messages.institutionSentForApproval})`,
    });
    const theirs = (await dropList(stranger.session)).json();
    expect(theirs[approved.id]).toBe(approved.name);
    expect(theirs).not.toHaveProperty(String(proposal.institutionId));
  });

  it('lists a proposal for someone else once they are affiliated with it', async () => {
    const proposer = await signedInUser(t);
    const name = uniqueName('Shared Proposal Institute');
    const proposal = await saveTyped(proposer, name);
    const colleague = await signedInUser(t);
    await saveTyped(colleague, name);
    expect((await dropList(colleague.session)).json()[proposal.institutionId]).toBe(
      `${name} (${messages.institutionSentForApproval})`,
    );
  });

  it('leaves out institutions merged into another and those neither approved nor awaiting', async () => {
    const target = await buildInstitution(t.db);
    const merged = await buildInstitution(t.db, { mergedIntoId: target.id });
    const retired = await buildInstitution(t.db, { status: 0 });
    const { session } = await signedInUser(t);
    const list = (await dropList(session)).json();
    expect(list).toHaveProperty(String(target.id));
    expect(list).not.toHaveProperty(String(merged.id));
    expect(list).not.toHaveProperty(String(retired.id));
  });

  it('affiliates a person who picks a merged institution with the one it was merged into', async () => {
    const target = await buildInstitution(t.db);
    const merged = await buildInstitution(t.db, { mergedIntoId: target.id });
    const { user, session } = await signedInUser(t);
    await saveProfile(t, session, profileForm(user, [affiliationRow(merged.id)]));
    const [row] = (await getFullProfile(t, session)).json().institutionData;
    expect(row.institutionId).toBe(target.id);
  });

  it('answers 401 Unauthorized without a token', async () => {
    const response = await t.app.inject({
      url: '/v1/web/institution/data/list/InstitutionDrplist',
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toBe('Unauthorized');
  });
});

describe('GET /v1/web/institution/data/InstitutionConflictOption', () => {
  it("lists each institution of the person's affiliations once, with their span and positions", async () => {
    const { user, session } = await signedInUser(t);
    const cambridge = await buildInstitution(t.db, { name: uniqueName('Cambridge') });
    const proposal = await buildInstitution(t.db, {
      name: uniqueName('Bletchley'),
      status: institutionStatus.awaitingApproval,
    });
    await buildAffiliation(t.db, user.id, {
      institutionId: cambridge.id,
      positionId: positionIds.phdStudent,
      startDate: '2012-10-01',
      endDate: '2016-09-01',
      isCurrent: false,
    });
    await buildAffiliation(t.db, user.id, {
      institutionId: cambridge.id,
      positionId: positionIds.faculty,
      startDate: '2019-01-01',
      isCurrent: true,
    });
    await buildAffiliation(t.db, user.id, {
      institutionId: proposal.id,
      positionId: positionIds.intern,
      startDate: '2015-06-01',
      endDate: '2015-09-01',
      isCurrent: false,
    });
    await buildAffiliation(t.db, (await signedInUser(t)).user.id); // someone else's

    const response = await conflictOptions(session);
    expect(response.statusCode).toBe(200);
    expect(institutionConflictOptionsSchema.safeParse(response.json()).success).toBe(true);
    expect(response.json().return_data).toEqual([
      {
        value: proposal.id,
        label: proposal.name,
        instStatus: 3,
        startDate: '2015-06-01',
        endDate: '2015-09-01',
        current: 0,
        positions: ['Intern'],
      },
      {
        value: cambridge.id,
        label: cambridge.name,
        instStatus: 1,
        startDate: '2012-10-01',
        endDate: '',
        current: 1,
        positions: ['Ph.D. student', 'Faculty'],
      },
    ]);
  });

  it('answers an empty list to a person without affiliations', async () => {
    const { session } = await signedInUser(t);
    expect((await conflictOptions(session)).json()).toEqual({ return_data: [] });
  });

  it('answers 401 Unauthorized without a token', async () => {
    const response = await t.app.inject({
      url: '/v1/web/institution/data/InstitutionConflictOption',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('search keys of institutions that existed before the keys', () => {
  it('are computed by the migration exactly as the application computes them', async () => {
    const migration = await readFile(
      path.resolve(import.meta.dirname, '../../../drizzle/0002_seed_positions.sql'),
      'utf8',
    );
    const backfill = migration.slice(migration.indexOf('UPDATE "institutions"'));
    const names = [
      'ETH Zürich',
      'Université de Montréal',
      'École Polytechnique Fédérale de Lausanne (EPFL)',
      'Universität des Saarlandes',
      'Instituto Superior Técnico, Lisboa',
      'Uniwersytet Łódzki',
      'Technická univerzita v Košiciach',
      'KTH  Royal Institute of Technology',
    ];
    const ids: number[] = [];
    for (const name of names) {
      ids.push((await buildInstitution(t.db, { name, aliases: [name.toUpperCase()] })).id);
    }
    await t.db.execute(
      sql`update institutions set name_key = '', alias_keys = '{}' where id in ${ids}`,
    );
    await t.db.execute(sql.raw(backfill.replace(/;\s*$/, ` WHERE "id" IN (${ids.join(',')})`)));
    const stored = await queryRows<{ name: string; name_key: string; alias_keys: string[] }>(
      t.db,
      sql`select name, name_key, alias_keys from institutions where id in ${ids} order by id`,
    );
    // Ł has no decomposition, so both sides keep it: the application does the same.
    expect(stored.map((row) => [row.name_key, row.alias_keys])).toEqual(
      names.map((name) => [institutionKey(name), [institutionKey(name.toUpperCase())]]),
    );
  });
});

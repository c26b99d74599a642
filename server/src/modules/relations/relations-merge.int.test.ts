// Merging a DBLP-only person into the account that claims them never leaves a relation of the
// account with itself (accounts' mergeDblpPerson calls relations-merge.service first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildDblpPerson, buildRelation, buildUser } from '../../../test/factories.ts';
import { publicationAuthors, publications, relationParties, relations } from '../../db/schema.ts';
import { mergeDblpPerson } from '../accounts/accounts.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const merge = (fromUserId: number, intoUserId: number) =>
  t.db.transaction((tx) => mergeDblpPerson(tx, { fromUserId, intoUserId }));

const partiesOf = async (relationId: number) =>
  (
    await t.db
      .select({ userId: relationParties.userId })
      .from(relationParties)
      .where(eq(relationParties.relationId, relationId))
      .orderBy(relationParties.id)
  ).map((row) => row.userId);

describe('merging a DBLP person into an account', () => {
  it('deletes person relations between the two, whoever created them', async () => {
    const account = await buildUser(t.db);
    const person = await buildDblpPerson(t.db);
    const byAccount = await buildRelation(t.db, { type: 1, creator: account, parties: [person] });
    const byPerson = await buildRelation(t.db, { type: 2, creator: person, parties: [account] });
    const other = await buildRelation(t.db, { type: 4, creator: person });
    await merge(person.id, account.id);
    const left = await t.db
      .select()
      .from(relations)
      .where(
        inArray(relations.id, [byAccount.relation.id, byPerson.relation.id, other.relation.id]),
      );
    expect(left.map((row) => [row.id, row.creatorUserId])).toEqual([
      [other.relation.id, account.id],
    ]);
  });

  it('keeps a shared publication with one side of the two, and other authors untouched', async () => {
    const account = await buildUser(t.db);
    const person = await buildDblpPerson(t.db);
    const coauthor = await buildUser(t.db);
    const accountCreated = await buildRelation(t.db, {
      creator: account,
      parties: [person, coauthor],
    });
    const personCreated = await buildRelation(t.db, {
      creator: person,
      parties: [account, coauthor],
    });
    const bothParties = await buildRelation(t.db, {
      creator: coauthor,
      parties: [person, account],
    });
    const onlyTheTwo = await buildRelation(t.db, { creator: person, parties: [account] });
    await merge(person.id, account.id);

    expect(await partiesOf(accountCreated.relation.id)).toEqual([coauthor.id]);
    const [moved] = await t.db
      .select()
      .from(relations)
      .where(eq(relations.id, personCreated.relation.id));
    expect(moved!.creatorUserId).toBe(account.id);
    expect(await partiesOf(personCreated.relation.id)).toEqual([coauthor.id]);
    expect(await partiesOf(bothParties.relation.id)).toEqual([account.id]);
    expect(
      await t.db.select().from(relations).where(eq(relations.id, onlyTheTwo.relation.id)),
    ).toEqual([]);
  });

  it('keeps one authorship of a publication both authored', async () => {
    const account = await buildUser(t.db);
    const person = await buildDblpPerson(t.db);
    const [publication] = await t.db
      .insert(publications)
      .values({ title: 'Shared', titleKey: 'shared', year: 2020 })
      .returning();
    await t.db.insert(publicationAuthors).values([
      { publicationId: publication!.id, position: 1, userId: person.id, name: 'D. Person' },
      { publicationId: publication!.id, position: 2, userId: account.id, name: 'A. Account' },
    ]);
    const result = await merge(person.id, account.id);
    expect(result.moved['publication_authors.self']).toBe(1);
    const authors = await t.db
      .select()
      .from(publicationAuthors)
      .where(eq(publicationAuthors.publicationId, publication!.id));
    expect(authors.map((author) => [author.position, author.userId])).toEqual([[2, account.id]]);
  });
});

// Merging a DBLP-only person into an account (accounts.service's mergeDblpPerson): every
// column that references users is handled, and each is moved or deleted as declared.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  buildAffiliation,
  buildDblpPerson,
  buildInstitution,
  buildNotification,
  buildUser,
} from '../../../test/factories.ts';
import {
  affiliations,
  contactMessages,
  dblpNames,
  dblpPeople,
  institutions,
  notifications,
  tokens,
  users,
} from '../../db/schema.ts';
import { insertToken } from '../auth/auth.repo.ts';
import { listColumnsReferencingUsers, userReferences } from './accounts.repo.ts';
import { mergeDblpPerson } from './accounts.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('mergeDblpPerson', () => {
  it('declares what it does with every column of the database that references users', async () => {
    const declared = userReferences.map((reference) => `${reference.table}.${reference.column}`);
    expect([...declared].sort()).toEqual(await listColumnsReferencingUsers(t.db));
  });

  it('moves what names the DBLP-only person, deletes their tokens and their row, and hands over the pid', async () => {
    const account = await buildUser(t.db);
    const person = await buildDblpPerson(t.db, { dblpName: 'Barbara Liskov' });
    const affiliation = await buildAffiliation(t.db, person.id);
    const notification = await buildNotification(t.db, person.id);
    const proposed = await buildInstitution(t.db, { createdByUserId: person.id });
    await t.db.insert(contactMessages).values({ userId: person.id, subject: 'S', message: 'M' });
    await t.db.insert(dblpNames).values({ name: 'Barbara Liskov', userId: person.id });
    await t.db.insert(dblpPeople).values({ userId: person.id });
    await insertToken(t.db, {
      userId: person.id,
      kind: 'password_reset',
      tokenHash: `merge-test-${person.id}`,
      expiresAt: new Date(Date.now() + 60_000),
    });

    const result = await t.db.transaction((tx) =>
      mergeDblpPerson(tx, { fromUserId: person.id, intoUserId: account.id }),
    );
    expect(result).toEqual({
      pid: person.dblpPid,
      moved: {
        'relations.self': 0,
        'relation_parties.self': 0,
        'publication_authors.self': 0,
        'affiliations.user_id': 1,
        'notifications.user_id': 1,
        'institutions.created_by_user_id': 1,
        'contact_messages.user_id': 1,
        'contact_messages.closed_by_user_id': 0,
        'audit_log.actor_user_id': 0,
        'tokens.user_id': 1,
        'relations.creator_user_id': 0,
        'relation_parties.user_id': 0,
        'relation_comments.user_id': 0,
        'relation_comments.closed_by_user_id': 0,
        'publication_authors.user_id': 0,
        'dblp_names.user_id': 1,
        'dblp_people.user_id': 1,
        'conferences.created_by_user_id': 0,
        'conference_chairs.user_id': 0,
        'dblp_claims.user_id': 0,
        'dblp_claims.disputed_by_user_id': 0,
        'dblp_claims.decided_by_user_id': 0,
        'conflict_decisions.decided_by': 0,
        'matrix_versions.created_by': 0,
        'conflict_audit_runs.created_by': 0,
        'committee_invitations.invited_by_user_id': 0,
        'match_picks.user_id': 0,
        'match_picks.picked_by': 0,
      },
    });
    const [merged] = await t.db.select().from(users).where(eq(users.id, account.id));
    expect(merged).toMatchObject({
      kind: 'registered',
      email: account.email,
      firstName: account.firstName,
      dblpPid: person.dblpPid,
      dblpName: 'Barbara Liskov',
    });
    expect(await t.db.select().from(users).where(eq(users.id, person.id))).toEqual([]);
    const [institution] = await t.db
      .select()
      .from(institutions)
      .where(eq(institutions.id, proposed.id));
    expect(institution!.createdByUserId).toBe(account.id);
    expect(await t.db.select().from(tokens).where(eq(tokens.userId, person.id))).toEqual([]);
    const [movedAffiliation] = await t.db
      .select({ userId: affiliations.userId })
      .from(affiliations)
      .where(eq(affiliations.id, affiliation.id));
    const [movedNotification] = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.id, notification.id));
    expect([movedAffiliation!.userId, movedNotification!.userId]).toEqual([account.id, account.id]);
    const names = await t.db.select().from(dblpNames).where(eq(dblpNames.name, 'Barbara Liskov'));
    expect(names.map((row) => row.userId)).toEqual([account.id]);
  });

  it.each([
    ['the source is a registered account', { kind: 'registered' as const }],
    ['the source is an invited person', { kind: 'invited' as const }],
  ])('refuses to merge when %s, changing nothing', async (_case, overrides) => {
    const account = await buildUser(t.db);
    const source = await buildUser(t.db, { ...overrides, dblpPid: `x/${Date.now()}` });
    await buildAffiliation(t.db, source.id);
    await expect(
      t.db.transaction((tx) =>
        mergeDblpPerson(tx, { fromUserId: source.id, intoUserId: account.id }),
      ),
    ).rejects.toMatchObject({ statusCode: 409 });
    const [still] = await t.db.select().from(users).where(eq(users.id, source.id));
    expect(still).toMatchObject({ kind: overrides.kind, dblpPid: source.dblpPid });
  });

  it('refuses to merge into someone who has no account', async () => {
    const invited = await buildUser(t.db, { kind: 'invited' });
    const person = await buildDblpPerson(t.db);
    await expect(
      t.db.transaction((tx) =>
        mergeDblpPerson(tx, { fromUserId: person.id, intoUserId: invited.id }),
      ),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await t.db.select().from(users).where(eq(users.id, person.id))).toHaveLength(1);
  });
});

// Queries for relations, their parties and comments: what the actions lock and change. Every
// function takes the connection first, so a service runs several in one transaction. Reads for
// the list, the view and the pickers are in relations-read.repo.ts.
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { relationStatus } from '@recuse/common';
import type { Db } from '../../db/client.ts';
import { isLiveRelation, isPartyNotRemoved } from '../../db/relation-filters.ts';
import {
  notifications,
  relationComments,
  relationParties,
  relations,
  users,
} from '../../db/schema.ts';
import type { User } from '../../db/schema.ts';

export type Relation = typeof relations.$inferSelect;
export type NewRelation = typeof relations.$inferInsert;
export type Party = typeof relationParties.$inferSelect;
export type NewParty = typeof relationParties.$inferInsert;
export type RelationComment = typeof relationComments.$inferSelect;

/** The relation's row, locked until the transaction ends: one action on a relation at a time. */
export async function lockRelation(db: Db, relationId: number): Promise<Relation | undefined> {
  const [row] = await db.select().from(relations).where(eq(relations.id, relationId)).for('update');
  return row;
}

export async function findRelation(db: Db, relationId: number): Promise<Relation | undefined> {
  const [row] = await db.select().from(relations).where(eq(relations.id, relationId));
  return row;
}

/** Every party row of a relation, in id order, locked (the relation row is locked first). */
export async function lockParties(db: Db, relationId: number): Promise<Party[]> {
  return db
    .select()
    .from(relationParties)
    .where(eq(relationParties.relationId, relationId))
    .orderBy(asc(relationParties.id))
    .for('update');
}

export async function listParties(db: Db, relationId: number): Promise<Party[]> {
  return db
    .select()
    .from(relationParties)
    .where(eq(relationParties.relationId, relationId))
    .orderBy(asc(relationParties.id));
}

export async function insertRelation(db: Db, relation: NewRelation): Promise<Relation> {
  const [row] = await db.insert(relations).values(relation).returning();
  return row!;
}

export async function updateRelation(
  db: Db,
  relationId: number,
  changes: Partial<NewRelation>,
): Promise<Relation> {
  const [row] = await db
    .update(relations)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(relations.id, relationId))
    .returning();
  return row!;
}

export async function insertParties(db: Db, parties: NewParty[]): Promise<Party[]> {
  if (parties.length === 0) return [];
  return db.insert(relationParties).values(parties).returning();
}

export async function updateParty(
  db: Db,
  partyId: number,
  changes: Partial<Pick<Party, 'status' | 'reason' | 'respondedAt'>>,
): Promise<Party> {
  const [row] = await db
    .update(relationParties)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(relationParties.id, partyId))
    .returning();
  return row!;
}

export async function insertComment(
  db: Db,
  comment: typeof relationComments.$inferInsert,
): Promise<RelationComment> {
  const [row] = await db.insert(relationComments).values(comment).returning();
  return row!;
}

export async function findUsersByIds(db: Db, ids: readonly number[]): Promise<User[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}

/** Users whose primary or secondary e-mail is one of these (lower case). */
export async function findUsersByEmails(db: Db, emails: readonly string[]): Promise<User[]> {
  if (emails.length === 0) return [];
  const list = sql.join(
    [...new Set(emails)].map((email) => sql`${email}`),
    sql`, `,
  );
  return db
    .select()
    .from(users)
    .where(
      sql`lower(${users.email}) in (${list}) or (${users.secondaryEmail} is not null and lower(${users.secondaryEmail}) in (${list}))`,
    );
}

export async function insertInvitedUser(db: Db, email: string): Promise<User> {
  const [row] = await db.insert(users).values({ kind: 'invited', email }).returning();
  return row!;
}

/** Takes a transaction-level advisory lock on a text key (released at commit or rollback). */
export async function lockKey(db: Db, key: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

export async function listAdministrators(db: Db): Promise<User[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.kind, 'registered')))
    .orderBy(asc(users.id));
}

export async function insertNotifications(
  db: Db,
  rows: Array<typeof notifications.$inferInsert>,
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(notifications).values(rows);
}

/** The actor has seen to this relation: their unread notifications about it are read. */
export async function markRelationNotificationsRead(
  db: Db,
  userId: number,
  relationId: number,
): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.relationId, relationId),
        isNull(notifications.readAt),
      ),
    );
}

/**
 * An active relation of a person type between two people (either as creator), with the same
 * dates: the same relation recorded twice.
 */
export async function findPersonDuplicate(
  db: Db,
  candidate: {
    typeId: number;
    creatorUserId: number;
    otherUserId: number;
    startYear: number | null;
    startMonth: number | null;
    endYear: number | null;
    endMonth: number | null;
    excludeRelationId?: number;
  },
): Promise<Relation | undefined> {
  const [row] = await db
    .select({ relation: relations })
    .from(relations)
    .innerJoin(relationParties, eq(relationParties.relationId, relations.id))
    .where(
      and(
        eq(relations.typeId, candidate.typeId),
        isLiveRelation(relations.status),
        ne(relations.id, candidate.excludeRelationId ?? 0),
        isPartyNotRemoved(relationParties.status),
        sql`((${relations.creatorUserId} = ${candidate.creatorUserId} and ${relationParties.userId} = ${candidate.otherUserId})
          or (${relations.creatorUserId} = ${candidate.otherUserId} and ${relationParties.userId} = ${candidate.creatorUserId}))`,
        sql`${relations.startYear} is not distinct from ${candidate.startYear}`,
        sql`${relations.startMonth} is not distinct from ${candidate.startMonth}`,
        sql`${relations.endYear} is not distinct from ${candidate.endYear}`,
        sql`${relations.endMonth} is not distinct from ${candidate.endMonth}`,
      ),
    )
    .limit(1);
  return row?.relation;
}

/**
 * An active publication-like relation of the type with the same title (by key) and year on
 * which the person already is, as creator or as a party not removed.
 */
export async function findTitleDuplicate(
  db: Db,
  candidate: {
    typeId: number;
    titleKey: string;
    endYear: number | null;
    userId: number;
    excludeRelationId?: number;
  },
): Promise<Relation | undefined> {
  const [row] = await db
    .select()
    .from(relations)
    .where(
      and(
        eq(relations.typeId, candidate.typeId),
        eq(relations.titleKey, candidate.titleKey),
        isLiveRelation(relations.status),
        ne(relations.id, candidate.excludeRelationId ?? 0),
        sql`${relations.endYear} is not distinct from ${candidate.endYear}`,
        sql`(${relations.creatorUserId} = ${candidate.userId} or exists (
              select 1 from ${relationParties}
               where ${relationParties.relationId} = ${relations.id}
                 and ${relationParties.userId} = ${candidate.userId}
                 and ${isPartyNotRemoved(relationParties.status)}))`,
      ),
    )
    .limit(1);
  return row;
}

/** The creator's active type 8 relation with the same institution and application date. */
export async function findInstitutionDuplicate(
  db: Db,
  candidate: {
    creatorUserId: number;
    institutionId: number;
    startYear: number | null;
    startMonth: number | null;
    excludeRelationId?: number;
  },
): Promise<Relation | undefined> {
  const [row] = await db
    .select()
    .from(relations)
    .where(
      and(
        eq(relations.typeId, 8),
        ne(relations.id, candidate.excludeRelationId ?? 0),
        eq(relations.creatorUserId, candidate.creatorUserId),
        eq(relations.institutionId, candidate.institutionId),
        isLiveRelation(relations.status),
        sql`${relations.startYear} is not distinct from ${candidate.startYear}`,
        sql`${relations.startMonth} is not distinct from ${candidate.startMonth}`,
      ),
    )
    .limit(1);
  return row;
}

/** Type 8 relations pending on an institution, locked, for its approval. */
export async function lockPendingEmploymentsAt(db: Db, institutionId: number): Promise<Relation[]> {
  return db
    .select()
    .from(relations)
    .where(
      and(
        eq(relations.typeId, 8),
        eq(relations.institutionId, institutionId),
        eq(relations.status, relationStatus.pending),
      ),
    )
    .orderBy(asc(relations.id))
    .for('update');
}

// Queries of the account pages: a registered account's affiliations and sign-ins.
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  affiliations,
  institutions,
  outbox,
  positions,
  relations,
  tokens,
  users,
} from '../../db/schema.ts';

/** A registered account's row (locked when `lock`); undefined for anyone else. */
export async function findAccount(db: Db, userId: number, lock = false) {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.kind, 'registered')));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function listAffiliationsOf(db: Db, userId: number) {
  return db
    .select({
      id: affiliations.id,
      institution: institutions.name,
      position: positions.name,
      startDate: affiliations.startDate,
      endDate: affiliations.endDate,
      isCurrent: affiliations.isCurrent,
    })
    .from(affiliations)
    .innerJoin(institutions, eq(institutions.id, affiliations.institutionId))
    .leftJoin(positions, eq(positions.id, affiliations.positionId))
    .where(eq(affiliations.userId, userId))
    .orderBy(asc(affiliations.startDate), asc(affiliations.id));
}

/** Live access tokens (one per sign-in) and when the last one was issued (sign-in or refresh). */
export async function sessionsOf(db: Db, userId: number) {
  const [live] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(tokens)
    .where(
      and(
        eq(tokens.userId, userId),
        eq(tokens.kind, 'access'),
        isNull(tokens.revokedAt),
        gt(tokens.expiresAt, new Date()),
      ),
    );
  const [last] = await db
    .select({ at: sql<Date | null>`max(${tokens.createdAt})` })
    .from(tokens)
    .where(and(eq(tokens.userId, userId), eq(tokens.kind, 'access')));
  return { activeSessions: live?.count ?? 0, lastActiveAt: last?.at ? new Date(last.at) : null };
}

export async function clearLockout(db: Db, userId: number) {
  await db
    .update(users)
    .set({ failedLoginCount: 0, lockedUntil: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Mails not yet sent to these addresses: a deleted account's mail is not delivered. */
export async function dropPendingMailsTo(db: Db, addresses: readonly string[]) {
  for (const address of addresses) {
    await db
      .delete(outbox)
      .where(
        and(
          eq(outbox.status, 'pending'),
          sql`lower(${outbox.toAddress}) = ${address.toLowerCase()}`,
        ),
      );
  }
}

/**
 * The relations a person created keep their source, which names its author by default
 * ('Entry by self: name, address'): each of these texts in it becomes '(Deleted user)'.
 */
export async function scrubRelationSources(
  db: Db,
  creatorUserId: number,
  texts: readonly string[],
  replacement: string,
) {
  for (const text of texts) {
    await db
      .update(relations)
      .set({ source: sql`replace(${relations.source}, ${text}, ${replacement})` })
      .where(
        and(
          eq(relations.creatorUserId, creatorUserId),
          sql`position(${text} in ${relations.source}) > 0`,
        ),
      );
  }
}

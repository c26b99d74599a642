// The requests inbox's reads and locks: messages to the administrators on relations (the
// to-admin comments that answer nothing) and Contact-us messages, with their authors, the
// relation concerned, the answers and who closed them.
import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { contactMessages, relationComments, relations, users } from '../../db/schema.ts';

const closer = alias(users, 'closer');

/** The inbox holds at most this many requests of each kind (newest first). */
export const requestListLimit = 200;

const isRequest = and(
  eq(relationComments.isToAdmin, true),
  isNull(relationComments.answersCommentId),
);

function relationRequestQuery(db: Db) {
  return db
    .select({ comment: relationComments, author: users, relation: relations, closer })
    .from(relationComments)
    .innerJoin(relations, eq(relations.id, relationComments.relationId))
    .leftJoin(users, eq(users.id, relationComments.userId))
    .leftJoin(closer, eq(closer.id, relationComments.closedByUserId));
}
export type RelationRequestRow = Awaited<ReturnType<typeof listRelationRequests>>[number];

export function listRelationRequests(db: Db, isOpen: boolean) {
  return relationRequestQuery(db)
    .where(
      and(
        isRequest,
        isOpen ? isNull(relationComments.closedAt) : isNotNull(relationComments.closedAt),
      ),
    )
    .orderBy(desc(relationComments.createdAt), desc(relationComments.id))
    .limit(requestListLimit);
}

export async function findRelationRequest(db: Db, id: number) {
  const [row] = await relationRequestQuery(db).where(and(isRequest, eq(relationComments.id, id)));
  return row;
}

/** The administrators' answers to these requests, oldest first, with who wrote them. */
export function listAnswers(db: Db, requestIds: readonly number[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .select({ comment: relationComments, author: users })
    .from(relationComments)
    .leftJoin(users, eq(users.id, relationComments.userId))
    .where(inArray(relationComments.answersCommentId, [...requestIds]))
    .orderBy(relationComments.createdAt, relationComments.id);
}

/** The request's row, locked until the transaction ends: one decision at a time. */
export async function lockRelationRequest(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(relationComments)
    .where(and(isRequest, eq(relationComments.id, id)))
    .for('update');
  return row;
}

export async function closeRelationRequest(db: Db, id: number, adminId: number) {
  await db
    .update(relationComments)
    .set({ closedAt: new Date(), closedByUserId: adminId })
    .where(eq(relationComments.id, id));
}

function contactQuery(db: Db) {
  return db
    .select({ message: contactMessages, author: users, closer })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.userId))
    .leftJoin(closer, eq(closer.id, contactMessages.closedByUserId));
}
export type ContactRequestRow = Awaited<ReturnType<typeof listContactRequests>>[number];

export function listContactRequests(db: Db, isOpen: boolean) {
  return contactQuery(db)
    .where(isOpen ? isNull(contactMessages.closedAt) : isNotNull(contactMessages.closedAt))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(requestListLimit);
}

export async function findContactRequest(db: Db, id: number) {
  const [row] = await contactQuery(db).where(eq(contactMessages.id, id));
  return row;
}

export async function lockContactRequest(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.id, id))
    .for('update');
  return row;
}

export async function updateContactRequest(
  db: Db,
  id: number,
  values: Partial<typeof contactMessages.$inferInsert>,
) {
  await db.update(contactMessages).set(values).where(eq(contactMessages.id, id));
}

import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications, users } from '../../db/schema.ts';

export type Notification = typeof notifications.$inferSelect;

export async function findUnreadNotifications(db: Db, userId: number): Promise<Notification[]> {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
}

/** Marks one of the user's own notifications read; false when it is not theirs. */
export async function markNotificationRead(
  db: Db,
  userId: number,
  notificationId: number,
): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length === 1;
}

export async function setShowHelpNotification(
  db: Db,
  userId: number,
  isShown: boolean,
): Promise<void> {
  await db
    .update(users)
    .set({ showHelpNotification: isShown, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

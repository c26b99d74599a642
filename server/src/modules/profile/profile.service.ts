// The profile the browser keeps after sign-in (SPEC section 3), with the unread
// notifications the dashboard shows.
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import type { SessionUser } from '../auth/auth.repo.ts';
import type { Notification } from './profile.repo.ts';
import {
  findUnreadNotifications,
  markNotificationRead,
  setShowHelpNotification,
} from './profile.repo.ts';

/** SPEC's wire shape of a notification. */
export function toWireNotification(notification: Notification) {
  return {
    id: notification.id,
    formated_dt: notification.createdAt.toISOString(),
    data: {
      notify_message: notification.message,
      relation_type_name: notification.relationTypeName ?? '',
      publication_name: notification.publicationName ?? '',
      reject_reason: notification.rejectReason ?? '',
      rel_type_id: notification.relationTypeId,
      relation_parent_id: notification.relationId,
    },
  };
}

export async function getProfile(context: AppContext, session: SessionUser) {
  const { user } = session;
  const unread = await findUnreadNotifications(context.db, user.id);
  return {
    FName: user.firstName,
    SName: user.lastName,
    Email: user.email ?? '',
    Notifications: unread.map(toWireNotification),
    // Affiliations arrive with the profile page; until a user has one, this stays false.
    institutionDataAdded: false,
    ShowHelpNotification: user.showHelpNotification ? 'Y' : 'N',
    PwdSet: user.passwordHash ? 'Y' : 'N',
    Role: user.role,
  };
}

export async function dismissHelpNotification(context: AppContext, session: SessionUser) {
  await setShowHelpNotification(context.db, session.user.id, false);
}

/** Only the owner may mark a notification read; anyone else is told it does not exist. */
export async function markRead(context: AppContext, session: SessionUser, notificationId: number) {
  if (!(await markNotificationRead(context.db, session.user.id, notificationId))) throw notFound();
}

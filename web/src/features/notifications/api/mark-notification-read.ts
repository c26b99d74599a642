// POST /v1/web/mark_notification_read: the dashboard's Dismiss on one notification.
import { markNotificationReadReplySchema } from '@recuse/common';
import { saveForm } from '../../../lib/api-client.ts';

export function markNotificationRead(notificationId: number) {
  return saveForm(
    '/v1/web/mark_notification_read',
    { NotificationId: String(notificationId) },
    markNotificationReadReplySchema,
    { isTokenCall: true },
  );
}

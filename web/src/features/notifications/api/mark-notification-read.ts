// POST /v1/web/mark_notification_read: the dashboard's Dismiss on one notification.
import { saveForm } from '../../../lib/api-client.ts';
import type { SaveResult } from '../../../lib/api-client.ts';

export function markNotificationRead(
  notificationId: number | string,
): Promise<SaveResult<{ message?: string }>> {
  return saveForm(
    '/v1/web/mark_notification_read',
    { NotificationId: String(notificationId) },
    { isTokenCall: true },
  );
}

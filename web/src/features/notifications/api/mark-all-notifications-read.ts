// POST /v1/web/mark_all_notifications_read: the dashboard's 'Mark all read'.
import { markAllNotificationsReadReplySchema } from '@recuse/common';
import { saveForm } from '../../../lib/api-client.ts';

export function markAllNotificationsRead() {
  return saveForm('/v1/web/mark_all_notifications_read', {}, markAllNotificationsReadReplySchema, {
    isTokenCall: true,
  });
}

// POST /v1/web/dismiss_help_notification: hide the help-welcome banner for good.
import { dismissHelpNotificationReplySchema } from '@recuse/common';
import { saveForm } from '../../../lib/api-client.ts';

export function dismissHelpNotification() {
  return saveForm('/v1/web/dismiss_help_notification', {}, dismissHelpNotificationReplySchema, {
    isTokenCall: true,
  });
}

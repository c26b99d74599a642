// POST /v1/web/dismiss_help_notification: hide the help-welcome banner for good.
import { saveForm } from '../../../lib/api-client.ts';
import type { SaveResult } from '../../../lib/api-client.ts';

export function dismissHelpNotification(): Promise<SaveResult<{ message?: string }>> {
  return saveForm('/v1/web/dismiss_help_notification', {}, { isTokenCall: true });
}

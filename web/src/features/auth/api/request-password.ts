// POST /v1/web/user/password/request: mail a link to set a new password.
import { saveForm } from '../../../lib/api-client.ts';
import type { SaveResult } from '../../../lib/api-client.ts';

export function requestPasswordLink(email: string): Promise<SaveResult<{ message?: string }>> {
  return saveForm('/v1/web/user/password/request', { email });
}

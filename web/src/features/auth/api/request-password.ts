// POST /v1/web/user/password/request: mail a link to set a new password.
import { passwordRequestReplySchema } from '@recuse/common';
import { saveForm } from '../../../lib/api-client.ts';

export function requestPasswordLink(email: string) {
  return saveForm('/v1/web/user/password/request', { email }, passwordRequestReplySchema);
}

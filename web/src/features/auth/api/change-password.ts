// POST /v1/web/user/loggedin-password-reset: a signed-in user changes their password.
import { passwordResetReplySchema } from '@recuse/common';
import type { PasswordResetReply } from '@recuse/common';
import { saveForm } from '../../../lib/api-client.ts';
import type { SaveResult } from '../../../lib/api-client.ts';

export type PasswordChange = { email: string; password: string; confirmPassword: string };

export function changePassword(form: PasswordChange): Promise<SaveResult<PasswordResetReply>> {
  return saveForm('/v1/web/user/loggedin-password-reset', form, passwordResetReplySchema, {
    isTokenCall: true,
  });
}

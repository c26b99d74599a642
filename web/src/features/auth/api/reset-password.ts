// POST /v1/web/user/password/reset: set a new password with the e-mailed token.
import { passwordResetReplySchema } from '@recuse/common';
import type { PasswordResetReply } from '@recuse/common';
import { saveForm } from '../../../lib/api-client.ts';
import type { SaveResult } from '../../../lib/api-client.ts';

export type PasswordReset = {
  email: string;
  token: string;
  password: string;
  password_confirmation: string;
  optedIn: '1' | '0';
};

export function resetPassword(form: PasswordReset): Promise<SaveResult<PasswordResetReply>> {
  return saveForm('/v1/web/user/password/reset', form, passwordResetReplySchema);
}

// POST /v1/web/user/loggedin-password-reset: a signed-in user changes their password.
import { saveForm } from '../../../lib/api-client.ts';
import type { SaveResult } from '../../../lib/api-client.ts';

export type PasswordChange = { email: string; password: string; confirmPassword: string };

export function changePassword(
  form: PasswordChange,
): Promise<SaveResult<{ id?: number | string }>> {
  return saveForm('/v1/web/user/loggedin-password-reset', form, { isTokenCall: true });
}

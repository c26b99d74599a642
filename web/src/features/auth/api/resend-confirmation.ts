// POST /v1/web/user/confirmation/resend: mail a sign-up waiting for its confirmation a fresh
// link. The answer is the same whether or not the address has an account.
import { confirmationResendReplySchema } from '@recuse/common';
import { saveForm } from '../../../lib/api-client.ts';

/** The form's schema, fetched with the call (features/auth/components/resend-confirmation.tsx). */
export { confirmationResendSchema } from '@recuse/common';

export function resendConfirmation(email: string) {
  return saveForm('/v1/web/user/confirmation/resend', { email }, confirmationResendReplySchema);
}

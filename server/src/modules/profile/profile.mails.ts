// The texts of the mails the profile sends.
import type { Mail } from '../../mail/outbox.ts';

/** Sent to the old address when the primary e-mail changes, so a takeover does not go unseen. */
export function emailChangedMail(
  to: string,
  firstName: string,
  newEmail: string,
  contactEmail: string,
): Mail {
  return {
    to,
    subject: 'Your Recuse email address was changed',
    text: `Hello ${firstName},

the primary email address of your Recuse account was changed to ${newEmail}.
From now on, sign in with the new address.

If you did not make this change, please write to ${contactEmail} at once.
`,
  };
}

// The texts of the mails that confirm a new address and tell the old one of a change.
import type { Mail } from '../../mail/outbox.ts';

export function addressConfirmationMail(
  to: string,
  firstName: string,
  which: 'primary' | 'secondary',
  link: string,
): Mail {
  return {
    to,
    subject: 'Confirm your new email address for Recuse',
    text: `Hello ${firstName},

this address was given as the ${which} email address of a Recuse account.
Please confirm it by opening this link:

${link}

Until then the address does not count for the account${which === 'primary' ? ', and you keep signing in with your current address' : ''}.
The link is valid for 7 days. If you did not ask for this, ignore this mail.
`,
  };
}

/** Sent to the old address when a new primary e-mail is given, so a takeover does not go unseen. */
export function emailChangedMail(
  to: string,
  firstName: string,
  newEmail: string,
  undoLink: string,
  contactEmail: string,
): Mail {
  return {
    to,
    subject: 'Your Recuse email address was changed',
    text: `Hello ${firstName},

the primary email address of your Recuse account was changed to ${newEmail}.
The new address counts once it is confirmed from the mail sent to it; until then you keep
signing in with this one.

If you did not make this change, open this link: it makes this address the primary one
again and signs out every session of the account.

${undoLink}

The link is valid for 30 days. Questions: ${contactEmail}.
`,
  };
}

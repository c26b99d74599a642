// The texts of the mails accounts send. Links are built from PUBLIC_URL.
import type { Mail } from '../../mail/outbox.ts';

export function emailConfirmationMail(to: string, firstName: string, link: string): Mail {
  return {
    to,
    subject: 'Confirm your email address for Recuse',
    text: `Hello ${firstName},

thank you for signing up for Recuse, the conflict-of-interest database.
Please confirm your email address by opening this link:

${link}

The link is valid for 7 days. If you did not sign up, ignore this mail.
`,
  };
}

export function welcomeMail(to: string, firstName: string, signInLink: string): Mail {
  return {
    to,
    subject: 'Welcome to Recuse',
    text: `Hello ${firstName},

your Recuse account is ready. Sign in here:

${signInLink}
`,
  };
}

export function passwordResetMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Set a new password for Recuse',
    text: `Hello,

someone asked to set a new password for the Recuse account of this email address.
To choose a new password, open this link:

${link}

The link is valid for 1 hour and works once. If you did not ask for it, ignore this mail;
your password stays as it is.
`,
  };
}

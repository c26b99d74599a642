// Accounts and sessions: the forms of docs/api.md, "Accounts and sessions", with the rules of
// docs/product.md, "Validation rules and limits".
import { z } from 'zod';
import { messages } from '../messages.ts';
import { findDblpPid } from '../dblp-url.ts';
import {
  emailField,
  formFlag,
  optionalText,
  passwordField,
  requiredText,
  wireFlag,
} from './fields.ts';
import { successReplySchema } from './replies.ts';

export const loginSchema = z.object({
  action: z.literal('login').optional(),
  api_key: z.string().optional(),
  username: z
    .string({ error: messages.emailRequired })
    .trim()
    .min(1, messages.emailRequired)
    .pipe(emailField),
  password: z
    .string({ error: messages.passwordRequired })
    .min(1, messages.passwordRequired)
    .max(200),
});
export type Login = z.infer<typeof loginSchema>;

/** POST /v1/user/login and POST /v1/user/refresh: a new pair of tokens. */
export const tokenReplySchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** The access token's lifetime in seconds. */
  expires_in: z.number(),
});
export type TokenReply = z.infer<typeof tokenReplySchema>;

/** A refused sign-in: 401 LOGIN_FAILED, 423 ACCOUNT_IS_LOCKED. */
export const loginRefusalSchema = z.object({
  ERROR: z.enum(['LOGIN_FAILED', 'ACCOUNT_IS_LOCKED']),
  MSG: z.string(),
});

export const refreshSchema = z.object({
  action: z.literal('refresh').optional(),
  api_key: z.string().optional(),
  refresh_token: z.string().min(1).max(200),
});

/** A refused refresh (400): the token is unknown, expired or reused, or the key is wrong. */
export const refreshRefusalSchema = z.object({ error: z.literal('invalid_request') });

/** GET /v1/user/logout. */
export const logoutReplySchema = successReplySchema;

/** Password and confirmation must agree, and the password may not be the e-mail. */
function checkPasswordPair(
  value: { password: string; confirm: string; email?: string },
  context: z.RefinementCtx,
  confirmField: string,
) {
  if (value.password !== value.confirm) {
    context.addIssue({
      code: 'custom',
      path: [confirmField],
      message: messages.passwordsShouldMatch,
    });
  }
  if (value.email && value.password.toLowerCase() === value.email.toLowerCase()) {
    context.addIssue({ code: 'custom', path: ['password'], message: messages.passwordEqualsEmail });
  }
}

export const registrationSchema = z
  .object({
    FName: requiredText(messages.firstNameRequired, 100),
    SName: requiredText(messages.lastNameRequired, 100),
    Email: emailField,
    dblp_url: optionalText(300),
    noDBLP: formFlag,
    userToken: optionalText(200),
    password: passwordField,
    confirmPassword: z.string().optional().default(''),
    optedIn: formFlag,
  })
  .superRefine((value, context) => {
    if (value.dblp_url === '' ? !value.noDBLP : findDblpPid(value.dblp_url) === undefined) {
      context.addIssue({ code: 'custom', path: ['dblp_url'], message: messages.dblpUrlInvalid });
    }
    if (!value.optedIn) {
      context.addIssue({ code: 'custom', path: ['optedIn'], message: messages.termsRequired });
    }
    checkPasswordPair(
      { password: value.password, confirm: value.confirmPassword, email: value.Email },
      context,
      'confirmPassword',
    );
  });
export type Registration = z.infer<typeof registrationSchema>;

/** POST /v1/web/user-registration/save: the new account's id and what to tell the person. */
export const registrationReplySchema = z.object({
  GID: z.number(),
  status: z.literal('CREATED'),
  message: z.string(),
});
export type RegistrationReply = z.infer<typeof registrationReplySchema>;

/**
 * GET /v1/web/user/confirm-email/{token} and /email-undo/{token} answer no body: a 302 to the
 * sign-in page, whose query (confirmed=1 or 0, restored=1 or 0) says how the link went.
 */
export const addressLinkRedirectSchema = z
  .null()
  .describe(
    'A redirect to /sign-in?confirmed=1|0 (confirm-email) or /sign-in?restored=1|0 (email-undo)',
  );

export const passwordRequestSchema = z.object({ email: emailField });

/** POST /v1/web/user/confirmation/resend: the address a sign-up's link is sent to again. */
export const confirmationResendSchema = z.object({ email: emailField });

/** The same answer whether or not the address belongs to an account waiting for its link. */
export const confirmationResendReplySchema = z.object({ message: z.string() });

/** POST /v1/web/user/password/request: the same answer whether or not the address has an account. */
export const passwordRequestReplySchema = z.object({ message: z.string() });

/** GET /v1/web/user/password/find/{token}: whose link it is; opted_in 'N' asks for consent. */
export const passwordTokenReplySchema = z.object({
  message: z.literal('success'),
  email: z.string(),
  opted_in: z.enum(['Y', 'N']),
});
export type PasswordTokenReply = z.infer<typeof passwordTokenReplySchema>;

export const passwordResetSchema = z
  .object({
    email: emailField,
    token: z.string().trim().min(1, messages.checkTheUrl).max(200),
    password: passwordField,
    password_confirmation: z.string().optional().default(''),
    optedIn: formFlag,
  })
  .superRefine((value, context) =>
    checkPasswordPair(
      { password: value.password, confirm: value.password_confirmation, email: value.email },
      context,
      'password_confirmation',
    ),
  );

/** POST /v1/web/user/password/reset and /loggedin-password-reset: the account's id. */
export const passwordResetReplySchema = z.object({ id: z.number() });
export type PasswordResetReply = z.infer<typeof passwordResetReplySchema>;

export const loggedInPasswordResetSchema = z
  .object({
    email: emailField,
    password: passwordField,
    confirmPassword: z.string().optional().default(''),
  })
  .superRefine((value, context) =>
    checkPasswordPair(
      { password: value.password, confirm: value.confirmPassword, email: value.email },
      context,
      'confirmPassword',
    ),
  );

/**
 * GET /v1/web/user/data/validate_token_for_request_response/{token}: the invited address, and
 * whether it has an account already (then the person signs in rather than signing up).
 */
export const invitationTokenReplySchema = z.object({
  message: z.literal('SUCCESS'),
  account_active: wireFlag,
  additional_msg: z.string(),
  userData: z.object({ email: z.string() }),
  show_sign_in: z.enum(['Y', 'N']),
});
export type InvitationTokenReply = z.infer<typeof invitationTokenReplySchema>;

/** POST /v1/web/contactus: a message to the administrators. */
export const contactSchema = z.object({
  Subject: requiredText(messages.subjectRequired, 200),
  Message: requiredText(messages.messageRequired, 5000),
});
export const contactReplySchema = successReplySchema;

// Accounts and sessions: the forms of SPEC section 7, with SPEC section 5's rules.
import { z } from 'zod';
import { messages } from '../messages.ts';
import { findDblpPid } from '../dblp-url.ts';
import { emailField, formFlag, optionalText, passwordField, requiredText } from './fields.ts';

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

export const refreshSchema = z.object({
  action: z.literal('refresh').optional(),
  api_key: z.string().optional(),
  refresh_token: z.string().min(1).max(200),
});

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

export const passwordRequestSchema = z.object({ email: emailField });

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

export const contactSchema = z.object({
  Subject: requiredText(messages.subjectRequired, 200),
  Message: requiredText(messages.messageRequired, 5000),
});

/** A notification as the profile carries it (SPEC section 3, Notification). */
export const notificationSchema = z.object({
  id: z.union([z.number(), z.string()]),
  formated_dt: z.string(),
  data: z.object({
    notify_message: z.string(),
    relation_type_name: z.string().nullish(),
    publication_name: z.string().nullish(),
    reject_reason: z.string().nullish(),
    rel_type_id: z.union([z.number(), z.string()]).nullish(),
    relation_parent_id: z.union([z.number(), z.string()]).nullish(),
  }),
});
export type ProfileNotification = z.infer<typeof notificationSchema>;

/** The profile kept in the browser after sign-in (SPEC section 3). */
export const profileSchema = z.object({
  FName: z.string(),
  SName: z.string(),
  Email: z.string(),
  Notifications: z.array(notificationSchema),
  institutionDataAdded: z.boolean(),
  ShowHelpNotification: z.string(),
  PwdSet: z.string(),
  Role: z.enum(['user', 'admin']).optional(),
});
export type Profile = z.infer<typeof profileSchema>;

/** Field errors as the API answers them: each field with its messages. */
export type FieldErrors = Record<string, string[]>;

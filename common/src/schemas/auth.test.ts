// The form rules of docs/product.md, "Validation rules and limits", one row per rule and message:
// each row breaks one rule of an otherwise valid form and names the field and the message the
// person must see.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { messages } from '../messages.ts';
import {
  contactSchema,
  loggedInPasswordResetSchema,
  loginSchema,
  passwordRequestSchema,
  passwordResetSchema,
  registrationSchema,
} from './auth.ts';

const strongPassword = 'Correct#Horse9';

const validForms = {
  signIn: { action: 'login', api_key: 'key', username: 'ada@example.org', password: 'anything' },
  signUp: {
    FName: 'Ada',
    SName: 'Lovelace',
    Email: 'ada@example.org',
    dblp_url: 'https://dblp.org/pid/95/7448-1',
    password: strongPassword,
    confirmPassword: strongPassword,
    optedIn: '1',
  },
  passwordRequest: { email: 'ada@example.org' },
  passwordReset: {
    email: 'ada@example.org',
    token: 'a-token',
    password: strongPassword,
    password_confirmation: strongPassword,
  },
  loggedInReset: {
    email: 'ada@example.org',
    password: strongPassword,
    confirmPassword: strongPassword,
  },
  contactUs: { Subject: 'A question', Message: 'How do I add an award?' },
};
type FormName = keyof typeof validForms;

const schemas: Record<FormName, z.ZodType> = {
  signIn: loginSchema,
  signUp: registrationSchema,
  passwordRequest: passwordRequestSchema,
  passwordReset: passwordResetSchema,
  loggedInReset: loggedInPasswordResetSchema,
  contactUs: contactSchema,
};

/** The messages a form answers, by field, as the API's errors object lists them. */
function fieldErrors(formName: FormName, changes: Record<string, unknown>) {
  const input: Record<string, unknown> = { ...validForms[formName], ...changes };
  for (const [key, value] of Object.entries(changes)) if (value === undefined) delete input[key];
  const result = schemas[formName].safeParse(input);
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    (errors[String(issue.path[0] ?? 'form')] ??= []).push(issue.message);
  }
  return errors;
}

const passwordStrengthRows = (formName: FormName, confirmField: string) =>
  [
    ['too short (7 characters)', 'Abcde1!'],
    ['too long (51 characters)', `Aa1!${'a'.repeat(47)}`],
    ['without a lowercase letter', 'ABCDEF1!'],
    ['without an uppercase letter', 'abcdef1!'],
    ['without a digit', 'Abcdefg!'],
    ['without a special character', 'Abcdefg1'],
  ].map(
    ([rule, password]) =>
      [
        formName,
        `refuses a password ${rule}`,
        { password, [confirmField]: password },
        'password',
        messages.passwordInvalid,
      ] as const,
  );

type Row = readonly [FormName, string, Record<string, unknown>, string, string];

const rows: Row[] = [
  // Sign in: email in email format, both fields required.
  ['signIn', 'requires the email', { username: undefined }, 'username', messages.emailRequired],
  ['signIn', 'refuses an empty email', { username: '  ' }, 'username', messages.emailRequired],
  [
    'signIn',
    'refuses an email not in email format',
    { username: 'ada.example.org' },
    'username',
    messages.emailInvalid,
  ],
  [
    'signIn',
    'requires the password',
    { password: undefined },
    'password',
    messages.passwordRequired,
  ],
  ['signIn', 'refuses an empty password', { password: '' }, 'password', messages.passwordRequired],

  // Sign up.
  ['signUp', 'requires the first name', { FName: '' }, 'FName', messages.firstNameRequired],
  [
    'signUp',
    'refuses a first name of blanks',
    { FName: '   ' },
    'FName',
    messages.firstNameRequired,
  ],
  ['signUp', 'requires the last name', { SName: undefined }, 'SName', messages.lastNameRequired],
  ['signUp', 'requires the email', { Email: '' }, 'Email', messages.emailInvalid],
  [
    'signUp',
    'refuses an email without a domain',
    { Email: 'ada@example' },
    'Email',
    messages.emailInvalid,
  ],
  [
    'signUp',
    'refuses a URL that is not a DBLP person URL',
    { dblp_url: 'https://example.com/pid/1/2' },
    'dblp_url',
    messages.dblpUrlInvalid,
  ],
  [
    'signUp',
    'refuses a DBLP URL that is not a person page',
    { dblp_url: 'https://dblp.org/db/conf/isca/isca2020.html' },
    'dblp_url',
    messages.dblpUrlInvalid,
  ],
  [
    'signUp',
    'requires a DBLP URL when the no-DBLP box is not ticked',
    { dblp_url: '' },
    'dblp_url',
    messages.dblpUrlInvalid,
  ],
  [
    'signUp',
    'requires the password',
    { password: '', confirmPassword: '' },
    'password',
    messages.passwordRequired,
  ],
  ...passwordStrengthRows('signUp', 'confirmPassword'),
  [
    'signUp',
    'refuses a password equal to the email',
    {
      Email: 'ab1!x@example.org',
      password: 'Ab1!x@example.org',
      confirmPassword: 'Ab1!x@example.org',
    },
    'password',
    messages.passwordEqualsEmail,
  ],
  [
    'signUp',
    'refuses a confirmation that differs from the password',
    { confirmPassword: 'Correct#Horse8' },
    'confirmPassword',
    messages.passwordsShouldMatch,
  ],
  [
    'signUp',
    'requires the terms checkbox',
    { optedIn: undefined },
    'optedIn',
    messages.termsRequired,
  ],
  [
    'signUp',
    'refuses an unticked terms checkbox',
    { optedIn: '0' },
    'optedIn',
    messages.termsRequired,
  ],
  [
    'signUp',
    'refuses a first name over 100 characters',
    { FName: 'A'.repeat(101) },
    'FName',
    'At most 100 characters.',
  ],

  // Forgot password.
  ['passwordRequest', 'requires the email', { email: '' }, 'email', messages.emailInvalid],

  // Set password from the e-mailed link.
  ['passwordReset', 'requires the email', { email: undefined }, 'email', messages.emailInvalid],
  ['passwordReset', 'requires the token', { token: '' }, 'token', messages.checkTheUrl],
  [
    'passwordReset',
    'requires the password',
    { password: '', password_confirmation: '' },
    'password',
    messages.passwordRequired,
  ],
  ...passwordStrengthRows('passwordReset', 'password_confirmation'),
  [
    'passwordReset',
    'refuses a confirmation that differs from the password',
    { password_confirmation: 'Other#Horse9' },
    'password_confirmation',
    messages.passwordsShouldMatch,
  ],
  [
    'passwordReset',
    'refuses a password equal to the email',
    {
      email: 'ab1!x@example.org',
      password: 'AB1!X@example.org',
      password_confirmation: 'AB1!X@example.org',
    },
    'password',
    messages.passwordEqualsEmail,
  ],

  // Logged-in password change.
  [
    'loggedInReset',
    'refuses an email not in email format',
    { email: 'nobody' },
    'email',
    messages.emailInvalid,
  ],
  [
    'loggedInReset',
    'requires the password',
    { password: undefined },
    'password',
    messages.passwordRequired,
  ],
  ...passwordStrengthRows('loggedInReset', 'confirmPassword'),
  [
    'loggedInReset',
    'refuses a confirmation that differs from the password',
    { confirmPassword: '' },
    'confirmPassword',
    messages.passwordsShouldMatch,
  ],
  [
    'loggedInReset',
    'refuses a password equal to the email',
    {
      email: 'ab1!x@example.org',
      password: 'Ab1!x@example.org',
      confirmPassword: 'Ab1!x@example.org',
    },
    'password',
    messages.passwordEqualsEmail,
  ],

  // Contact us.
  ['contactUs', 'requires the subject', { Subject: '' }, 'Subject', messages.subjectRequired],
  [
    'contactUs',
    'refuses a subject of blanks',
    { Subject: ' \n ' },
    'Subject',
    messages.subjectRequired,
  ],
  [
    'contactUs',
    'requires the message',
    { Message: undefined },
    'Message',
    messages.messageRequired,
  ],
  [
    'contactUs',
    'refuses a subject over 200 characters',
    { Subject: 'S'.repeat(201) },
    'Subject',
    'At most 200 characters.',
  ],
];

describe('the account form rules (docs/product.md, "Validation rules and limits")', () => {
  it.each(rows)('%s %s', (formName, _rule, changes, field, message) => {
    expect(fieldErrors(formName, changes)).toEqual({ [field]: [message] });
  });
});

describe('valid forms', () => {
  const accepted: Array<readonly [FormName, string, Record<string, unknown>]> = [
    ['signIn', 'accepts an email and a password', {}],
    ['signUp', 'accepts a DBLP person URL', {}],
    [
      'signUp',
      'accepts a blank DBLP URL with the no-DBLP box ticked',
      { dblp_url: '', noDBLP: 'on' },
    ],
    [
      'signUp',
      'accepts a password of exactly 8 characters',
      { password: 'Abcde1!x', confirmPassword: 'Abcde1!x' },
    ],
    [
      'signUp',
      'accepts a password of exactly 50 characters',
      { password: `Aa1!${'a'.repeat(46)}`, confirmPassword: `Aa1!${'a'.repeat(46)}` },
    ],
    ['passwordRequest', 'accepts an email', {}],
    ['passwordReset', 'accepts a token and a matching strong password', {}],
    ['loggedInReset', 'accepts a matching strong password', {}],
    ['contactUs', 'accepts a subject and a message', {}],
  ];
  it.each(accepted)('%s %s', (formName, _rule, changes) => {
    expect(fieldErrors(formName, changes)).toEqual({});
  });

  it('lists every problem of a blank sign-up form at once', () => {
    const blank = {
      FName: '',
      SName: '',
      Email: '',
      dblp_url: '',
      password: '',
      confirmPassword: '',
    };
    expect(fieldErrors('signUp', { ...blank, optedIn: '' })).toEqual({
      FName: [messages.firstNameRequired],
      SName: [messages.lastNameRequired],
      Email: [messages.emailInvalid],
      dblp_url: [messages.dblpUrlInvalid],
      password: [messages.passwordRequired],
      optedIn: [messages.termsRequired],
    });
  });

  it('reads the email in lower case and without surrounding blanks', () => {
    const parsed = registrationSchema.parse({ ...validForms.signUp, Email: '  Ada@Example.ORG ' });
    expect(parsed.Email).toBe('ada@example.org');
  });

  it.each([
    ['1', true],
    ['true', true],
    ['Y', true],
    ['on', true],
    [true, true],
    ['0', false],
    ['', false],
    ['N', false],
    [false, false],
  ])('reads the terms checkbox sent as %j as %s', (optedIn, isTicked) => {
    const result = registrationSchema.safeParse({ ...validForms.signUp, optedIn });
    expect(result.success).toBe(isTicked);
  });
});

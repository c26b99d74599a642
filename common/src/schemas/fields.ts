// Field builders shared by every form schema: form-urlencoded bodies arrive as strings, so
// booleans and numbers are read from their string forms here, once.
import { z } from 'zod';
import { messages } from '../messages.ts';

export const passwordMinLength = 8;
export const passwordMaxLength = 50;

/**
 * 8 to 50 characters, a lowercase letter, an uppercase letter, a digit, a special character
 * (docs/product.md, "Validation rules and limits").
 */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= passwordMinLength &&
    password.length <= passwordMaxLength &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /[0-9]/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}

const emailPattern = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z]{2,}$/;

export function isEmail(text: string): boolean {
  return text.length <= 254 && emailPattern.test(text);
}

/** A 0/1 flag as answers carry it (the contract's booleans). */
export const wireFlag = z.union([z.literal(0), z.literal(1)]);

/**
 * A whole number as a JSON body sends it (a number) or a form does (its digits, white space
 * around allowed); undefined for anything else. `Number()` alone would read `true` as 1,
 * `null`, `[]` and blank as 0, `[3]` as 3, `0x10` as 16 and `1e1` as 10.
 */
export function readWholeNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value)) return Number(value);
  return undefined;
}

/** A required whole number in [min, max], as a number or its digits; anything else: `message`. */
export const wholeNumberField = (message: string, min: number, max: number) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, context) => {
    const number = readWholeNumber(value);
    if (number !== undefined && number >= min && number <= max) return number;
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/** A database id (a PostgreSQL integer) picked from a list: `message` for anything else. */
export const idField = (message: string) => wholeNumberField(message, 1, 2_147_483_647);

export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`);

export const emailField = z
  .string({ error: messages.emailInvalid })
  .trim()
  .toLowerCase()
  .refine(isEmail, messages.emailInvalid);

export const passwordField = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  // An empty password gets only 'Please enter password', not the strength rules as well.
  .refine((password) => password === '' || isStrongPassword(password), messages.passwordInvalid);

const truthy = new Set(['1', 'true', 'y', 'yes', 'on']);

/** A checkbox or flag sent as a string ("1", "true", "Y", "on") or a boolean. */
export const formFlag = z
  .union([z.boolean(), z.string(), z.number()])
  .optional()
  .transform((value) =>
    typeof value === 'boolean'
      ? value
      : truthy.has(
          String(value ?? '')
            .trim()
            .toLowerCase(),
        ),
  );

export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .optional()
    .transform((value) => value ?? '');

/** What was typed into a search box (`?q=`): trimmed, at most 200 characters, '' when absent. */
export const searchText = optionalText(200);

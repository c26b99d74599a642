// What the chair's pages need beside the workspace's own calls (docs/api-conflicts.md,
// "The chair's workspace"): which conferences the caller may open a workspace of, and the
// check of one person (an external reviewer candidate, say) against every submission.
import { z } from 'zod';
import { isEmail } from './fields.ts';
import { findDblpPid } from '../dblp-url.ts';
import { committeeRowSchema, matrixConflictSchema } from './chair-workspace.ts';
import { conferenceNameSchema } from './conflicts.ts';

/** GET /v1/web/conference/data/list/chaired: one conference whose workspace the caller opens. */
export const chairedConferenceSchema = conferenceNameSchema.extend({
  reference_date: z.string().nullable(),
  /** False for an administrator who does not chair it. */
  is_chair: z.boolean(),
});
export type ChairedConference = z.infer<typeof chairedConferenceSchema>;

export const chairedConferencesReplySchema = z.object({
  conferences: z.array(chairedConferenceSchema),
});
export type ChairedConferencesReply = z.infer<typeof chairedConferencesReplySchema>;

export const personCheckMessages = {
  nobody: 'Please enter an e-mail address, a DBLP profile or a name.',
  email: 'Please enter a valid e-mail address.',
  dblp: 'Please enter a DBLP profile URL (https://dblp.org/pid/…) or a pid.',
} as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .optional()
    .transform((value) => value ?? '');

/** POST /v1/web/conference/{confid}/person-check: the person, as a committee file row. */
export const personCheckSchema = z
  .object({
    given_name: text(300),
    family_name: text(300),
    email: text(254)
      .transform((value) => value.toLowerCase())
      .refine((value) => value === '' || isEmail(value), personCheckMessages.email),
    affiliation: text(300),
    dblp: text(300).refine(
      (value) => value === '' || readDblpPid(value) !== undefined,
      personCheckMessages.dblp,
    ),
  })
  .superRefine((person, context) => {
    if (person.email || person.dblp || person.given_name || person.family_name) return;
    context.addIssue({ code: 'custom', path: ['email'], message: personCheckMessages.nobody });
  });
export type PersonCheck = z.infer<typeof personCheckSchema>;

/** A DBLP profile URL or a bare pid (as the committee file's `dblp` column takes it). */
export function readDblpPid(value: string): string | undefined {
  return findDblpPid(value) ?? findDblpPid(`dblp.org/pid/${value.trim()}`);
}

export const personCheckReplySchema = z.object({
  /** Who the person is among our people, as a committee row would say it (line 0). */
  person: committeeRowSchema,
  /**
   * Each submission the person conflicts with, as the matrix would list them were they on the
   * committee (`member_line` 0), by paper.
   */
  conflicts: z.array(matrixConflictSchema),
  counts: z.object({ submissions: z.number(), conflicts: z.number(), provisional: z.number() }),
});
export type PersonCheckReply = z.infer<typeof personCheckReplySchema>;

// "My conflicts with this committee" (docs/api-conflicts.md, "Checking a committee against my
// conflicts"): a researcher pastes the names or addresses of a committee, one a line, and learns
// which of them they conflict with under a conference's ticked rules, with the reasons.
import { z } from 'zod';
import {
  conferenceNameSchema,
  conflictPersonWireSchema,
  conflictSelectionFormSchema,
} from './conflicts.ts';

export const maxCommitteeLines = 500;
export const maxCommitteeText = 100_000;

export const committeeCheckMessages = {
  empty: 'Please paste the names or e-mail addresses of the committee, one per line.',
  tooManyLines: `Please paste at most ${maxCommitteeLines} names at a time.`,
  tooLong: `Please paste at most ${maxCommitteeText.toLocaleString('en')} characters at a time.`,
} as const;

/** POST /v1/web/relations/data/conflicts/check: the rule selection plus the pasted lines. */
export const committeeCheckFormSchema = conflictSelectionFormSchema.extend({
  people: z
    .string({ error: committeeCheckMessages.empty })
    .max(maxCommitteeText, committeeCheckMessages.tooLong)
    .refine((text) => text.trim() !== '', committeeCheckMessages.empty)
    .refine(
      (text) => text.split('\n').filter((line) => line.trim() !== '').length <= maxCommitteeLines,
      committeeCheckMessages.tooManyLines,
    ),
});
export type CommitteeCheckForm = z.infer<typeof committeeCheckFormSchema>;

/**
 * What a line came to:
 * - `conflict`: one person, a conflict under the ticked rules (`provisional` when every reason
 *   is a pending or disputed relation);
 * - `no_conflict`: one person you have relations with, none of which counts under these rules;
 * - `ambiguous`: the name is that of several people you have relations with (each listed);
 * - `not_found`: nobody you have relations with has this address or name.
 */
export const committeeCheckOutcomes = [
  'conflict',
  'provisional',
  'no_conflict',
  'ambiguous',
  'not_found',
] as const;
export type CommitteeCheckOutcome = (typeof committeeCheckOutcomes)[number];

/** A person of the conflict list's kind, who may also be no conflict under the ticked rules. */
export const committeeCheckPersonSchema = conflictPersonWireSchema.extend({
  is_conflict: z.boolean(),
});
export type CommitteeCheckPerson = z.infer<typeof committeeCheckPersonSchema>;

export const committeeCheckRowSchema = z.object({
  /** The line's number in the pasted text, from 1 (blank lines count). */
  line: z.number(),
  /** The line as pasted, trimmed. */
  text: z.string(),
  /** The name read from the line ('' when it holds only an address). */
  name: z.string(),
  /** The address read from the line, lower-cased, or null. */
  email: z.string().nullable(),
  matched_by: z.enum(['email', 'name']).nullable(),
  outcome: z.enum(committeeCheckOutcomes),
  people: z.array(committeeCheckPersonSchema),
});
export type CommitteeCheckRow = z.infer<typeof committeeCheckRowSchema>;

export const committeeCheckReplySchema = z.object({
  conference: conferenceNameSchema,
  rows: z.array(committeeCheckRowSchema),
  counts: z.object({
    lines: z.number(),
    conflicts: z.number(),
    provisional: z.number(),
    ambiguous: z.number(),
    not_found: z.number(),
  }),
});
export type CommitteeCheckReply = z.infer<typeof committeeCheckReplySchema>;

// The conflicts wire contract: the conference dropdown (conferDrpList), the rule selection the
// list and export calls read, the conflict lists they answer, and the conference management
// calls of chairs and administrators. Browser and server share these so both read the same
// shapes and show the same messages.
import { z } from 'zod';
import type { ConflictRuleWire } from '../conflict-rules.ts';
import { institutionalRelationTypeId, ruleOperations } from '../conflict-rules.ts';
import { relationTypeIds } from '../relation-types.ts';
import { emailField, idField, readWholeNumber, wholeNumberField, wireFlag } from './fields.ts';

/** A conflict rule on the wire (`ConflictRuleWire` in conflict-rules.ts; docs/api-conflicts.md). */
export const conflictRuleWireSchema = z.object({
  value: z.string(),
  rule_title: z.string(),
  relation_type_id: z.number().int(),
  start_date_check: wireFlag,
  end_date_check: wireFlag,
  readonly_field: wireFlag,
  operation_txt: z.enum(ruleOperations),
  number_of_year: z.number().int().nullable(),
  number_of_month: z.number().int().nullable(),
}) satisfies z.ZodType<ConflictRuleWire>;

/** One conference of the dropdown; the first is always DEFAULT ('Default'). */
/** A conference as the answers about it name it. */
export const conferenceNameSchema = z.object({
  confid: z.number(),
  name: z.string(),
  label: z.string(),
});

export const conferenceOptionSchema = z.object({
  /** The conference id as text; 'DEFAULT' for the default conference. */
  value: z.string(),
  label: z.string(),
  /** The URL segment of /relations/conflicts/{conferencename}/{confid}, e.g. 'ISCA-2027'. */
  conference_name: z.string(),
  confid: z.number(),
  /** 'YYYY-MM-DD'; null means today. */
  reference_date: z.string().nullable(),
  rules: z.array(conflictRuleWireSchema),
});
export type ConferenceOption = z.infer<typeof conferenceOptionSchema>;

/** GET /v1/web/conference/data/list/conferDrpList. */
export const conferenceDropListSchema = z.object({
  options: z.array(conferenceOptionSchema),
  /** The DEFAULT conference's rules. */
  default_rules: z.array(conflictRuleWireSchema),
});
export type ConferenceDropList = z.infer<typeof conferenceDropListSchema>;

// ---- The rule selection of the list and export calls ----

export const conflictSelectionMessages = {
  unreadable: 'The selected rules could not be read. Please reload the page and try again.',
  unknownRule: (value: string) =>
    `The rule '${value}' is not one of this conference's rules. Please reload the page and try again.`,
  readonlyMissing: (title: string) => `The rule '${title}' cannot be unticked.`,
} as const;

/** A selection field as a form (JSON text) or a JSON body (the list itself) carries it. */
const selectionField = z.union([z.string().max(100_000), z.array(z.unknown()).max(1000)]);

/**
 * The conflict fields of POST /v1/web/relations/data/list and conflicts_export: each a JSON
 * array of the selected rules, as ConflictRuleWire objects or just their `value` strings.
 * `conflictRules` holds types 1 to 7, `conflictRulesPendingEmp` type 8, `conflictInstiRules`
 * the institutional rules (docs/api-conflicts.md). `confid` names the conference (default DEFAULT).
 */
export const conflictSelectionFormSchema = z.object({
  conflictRules: selectionField.optional(),
  conflictRulesPendingEmp: selectionField.optional(),
  conflictInstiRules: selectionField.optional(),
  confid: z.union([z.string().max(50), z.number()]).optional(),
});
export type ConflictSelectionForm = z.infer<typeof conflictSelectionFormSchema>;

export const conflictSelectionFields = [
  'conflictRules',
  'conflictRulesPendingEmp',
  'conflictInstiRules',
] as const;
export type ConflictSelectionField = (typeof conflictSelectionFields)[number];

/**
 * Which selection field a rule of this relation type belongs in (the contract's split,
 * docs/api-conflicts.md).
 */
export function selectionFieldOf(relationTypeId: number): ConflictSelectionField {
  if (relationTypeId === institutionalRelationTypeId) return 'conflictInstiRules';
  if (relationTypeId === relationTypeIds.pendingEmployment) return 'conflictRulesPendingEmp';
  return 'conflictRules';
}

/**
 * The rule values one selection field names, or `'unreadable'` when it is not a JSON array of
 * rule objects (with a string `value`) or value strings. Blank means none selected.
 */
export function readSelectionValues(field: unknown): string[] | 'unreadable' {
  if (field === undefined || field === null) return [];
  let list: unknown = field;
  if (typeof field === 'string') {
    if (field.trim() === '') return [];
    try {
      list = JSON.parse(field);
    } catch {
      return 'unreadable';
    }
  }
  if (!Array.isArray(list)) return 'unreadable';
  const values: string[] = [];
  for (const item of list) {
    const value =
      typeof item === 'string'
        ? item
        : typeof item === 'object' && item !== null && 'value' in item
          ? (item as { value: unknown }).value
          : undefined;
    if (typeof value !== 'string' || value === '' || value.length > 100) return 'unreadable';
    values.push(value);
  }
  return values;
}

/** True when the form sends any conflict field: the list call then computes conflicts. */
export function hasConflictSelection(form: Partial<Record<ConflictSelectionField, unknown>>) {
  return conflictSelectionFields.some((field) => form[field] !== undefined && form[field] !== null);
}

export const conflictExportFormats = ['hotcrp', 'csv', 'json'] as const;
export type ConflictExportFormat = (typeof conflictExportFormats)[number];

/** POST /v1/web/relations/data/conflicts_export: the selection plus the file format. */
export const conflictsExportFormSchema = conflictSelectionFormSchema.extend({
  format: z.enum(conflictExportFormats, {
    error: "Please choose the export format: 'hotcrp', 'csv' or 'json'.",
  }),
});
export type ConflictsExportForm = z.infer<typeof conflictsExportFormSchema>;

// ---- The conflict lists answered by the list call ----

/**
 * What every reason carries, for a person or an institution: the rule that matched, the
 * relation (or affiliation) behind it, its dates and its status.
 */
const reasonEvidenceShape = {
  rule_value: z.string(),
  rule_title: z.string(),
  relation_id: z.number().nullable(),
  /** Institutional reasons: the affiliation row behind them. */
  affiliation_id: z.number().nullable(),
  relation_type_id: z.number(),
  relation_type_name: z.string(),
  start_year: z.number().nullable(),
  start_month: z.number().nullable(),
  end_year: z.number().nullable(),
  end_month: z.number().nullable(),
  status: z.number(),
  is_provisional: z.boolean(),
  is_intern: z.boolean(),
};

/** Why a person is a conflict: the rule that matched and the relation (or affiliation) behind it. */
export const conflictReasonWireSchema = z.object({
  ...reasonEvidenceShape,
  /** Publication or award title; the institution's name for institutional reasons. */
  title: z.string().nullable(),
});
export type ConflictReasonWire = z.infer<typeof conflictReasonWireSchema>;

/** A conflict person on the wire (name, reason list), with the person's id and affiliation. */
export const conflictPersonWireSchema = z.object({
  id: z.number(),
  name: z.string(),
  affiliation: z.string().nullable(),
  /** True only when every reason is provisional (pending or disputed). */
  is_provisional: z.boolean(),
  reason: z.array(conflictReasonWireSchema),
});
export type ConflictPersonWire = z.infer<typeof conflictPersonWireSchema>;

/** Why an institution as a whole is a conflict: one of the user's affiliations, or type 8. */
export const institutionReasonWireSchema = z.object({
  ...reasonEvidenceShape,
  /** The user's position there, or the relation type's name for type 8. */
  type_of_position: z.string(),
});
export type InstitutionReasonWire = z.infer<typeof institutionReasonWireSchema>;

/**
 * An institutional conflict on the wire (institution_name, type_of_position, year, years), one per
 * institution; position, year and years describe its first (firmest, most recent) reason.
 */
export const institutionConflictWireSchema = z.object({
  institution_id: z.number(),
  institution_name: z.string(),
  type_of_position: z.string(),
  year: z.number().nullable(),
  /** '2019-2024', '2019-present', '2021' or 'until 2024'. */
  years: z.string(),
  is_provisional: z.boolean(),
  reason: z.array(institutionReasonWireSchema),
});
export type InstitutionConflictWire = z.infer<typeof institutionConflictWireSchema>;

// ---- Conference management (chairs and administrators) ----

export const conferenceNamePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,59}$/;
export const ruleValuePattern = /^[a-z0-9][a-z0-9-]{0,59}$/;
export const maxRulesPerConference = 50;

export const conferenceMessages = {
  name: 'Please enter the conference name: letters, digits, dots, dashes or underscores (at most 60), as it appears in the URL, e.g. ISCA-2027.',
  nameReserved: 'DEFAULT is the name of the default conference. Please choose another name.',
  nameTaken: 'A conference with this name exists already.',
  label: 'Please enter the conference label.',
  referenceDate: 'Please enter the reference date as YYYY-MM-DD, or leave it blank for today.',
  ruleTitle: 'Please enter the rule title.',
  relationType: 'Please select the relation type.',
  operation: "Please select the operation: 'ALWAYS', 'WITHIN_X_YEARS' or 'WITHIN_X_MONTHS'.",
  years: 'Please enter the number of years (1 to 100).',
  months: 'Please enter the number of months (0 to 1200).',
  value: 'The rule id may hold lower-case letters, digits and dashes (at most 60).',
  valueTaken: 'This conference has a rule with this id already.',
  tooManyRules: `A conference can have at most ${maxRulesPerConference} rules.`,
} as const;

function isRealDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** '' or null for "today", else a real YYYY-MM-DD from 1900 on. */
const referenceDateField = z
  .union([z.string().trim().max(20), z.null()], { error: conferenceMessages.referenceDate })
  .optional()
  .transform((value) => (value === undefined || value === null || value === '' ? null : value))
  .refine(
    (value) => value === null || (isRealDate(value) && value >= '1900-01-01'),
    conferenceMessages.referenceDate,
  );

const labelField = z
  .string({ error: conferenceMessages.label })
  .trim()
  .min(1, conferenceMessages.label)
  .max(200, 'At most 200 characters.');

/** POST /v1/web/conference/data/save: a new conference; its creator becomes its chair. */
export const conferenceCreateSchema = z.object({
  name: z
    .string({ error: conferenceMessages.name })
    .trim()
    .regex(conferenceNamePattern, conferenceMessages.name)
    .refine((name) => name.toUpperCase() !== 'DEFAULT', conferenceMessages.nameReserved),
  label: labelField,
  reference_date: referenceDateField,
});
export type ConferenceCreate = z.infer<typeof conferenceCreateSchema>;

/** POST /v1/web/conference/data/update/{confid}: the label and the reference date. */
export const conferenceUpdateSchema = z.object({
  label: labelField,
  reference_date: referenceDateField,
});
export type ConferenceUpdate = z.infer<typeof conferenceUpdateSchema>;

/** POST /v1/web/conference/data/chair/add/{confid}: the e-mail of the account to make a chair. */
export const conferenceChairSchema = z.object({ email: emailField });

/** POST /v1/web/conference/data/chair/remove/{confid}: the account that stops chairing it. */
export const conferenceChairRemoveSchema = z.object({
  user_id: idField('Please pick the chair to remove.'),
});
export type ConferenceChairRemove = z.infer<typeof conferenceChairRemoveSchema>;

/** GET /v1/web/conference/data/chair/list/{confid}: one chair of the conference. */
export const conferenceChairRowSchema = z.object({
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
});
export type ConferenceChairRow = z.infer<typeof conferenceChairRowSchema>;

/** GET /v1/web/conference/data/chair/list/{confid}: its chairs, by name. */
export const conferenceChairsReplySchema = z.object({
  chairs: z.array(conferenceChairRowSchema),
});
export type ConferenceChairsReply = z.infer<typeof conferenceChairsReplySchema>;

/** A whole number in [min, max], sent as a number or its text; blank is null. */
const smallNumber = (message: string, min: number, max: number) =>
  z
    .union([z.number(), z.string().trim().max(10), z.null()], { error: message })
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === null || value === '') return null;
      const number = readWholeNumber(value);
      if (number !== undefined && number >= min && number <= max) return number;
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    });

const flagField = z
  .union([z.literal(0), z.literal(1), z.boolean(), z.enum(['0', '1', 'true', 'false'])])
  .optional()
  .transform((value) => value === 1 || value === true || value === '1' || value === 'true');

/**
 * A rule as a chair writes it (the wire's field names). `value` is optional on create (made from
 * the title) and cannot change on edit: stored selections refer to it. Which date is checked
 * follows `ruleFromWire`: the end unless only `start_date_check` is set.
 */
export const conflictRuleSaveSchema = z
  .object({
    value: z.string().trim().regex(ruleValuePattern, conferenceMessages.value).optional(),
    rule_title: z
      .string({ error: conferenceMessages.ruleTitle })
      .trim()
      .min(1, conferenceMessages.ruleTitle)
      .max(200, 'At most 200 characters.'),
    relation_type_id: wholeNumberField(
      conferenceMessages.relationType,
      institutionalRelationTypeId,
      relationTypeIds.pendingEmployment,
    ),
    operation_txt: z.enum(ruleOperations, { error: conferenceMessages.operation }),
    number_of_year: smallNumber(conferenceMessages.years, 1, 100),
    number_of_month: smallNumber(conferenceMessages.months, 0, 1200),
    start_date_check: flagField,
    end_date_check: flagField,
    readonly_field: flagField,
  })
  .superRefine((rule, context) => {
    if (rule.operation_txt === 'WITHIN_X_YEARS' && rule.number_of_year === null) {
      context.addIssue({
        code: 'custom',
        path: ['number_of_year'],
        message: conferenceMessages.years,
      });
    }
    if (rule.operation_txt === 'WITHIN_X_MONTHS' && !rule.number_of_month) {
      context.addIssue({
        code: 'custom',
        path: ['number_of_month'],
        message: conferenceMessages.months.replace('0 to', '1 to'),
      });
    }
  });
export type ConflictRuleSave = z.infer<typeof conflictRuleSaveSchema>;

/** Answer of the management calls: the conference as the dropdown shows it. */
export const conferenceReplySchema = z.object({
  message: z.enum(['CREATED', 'UPDATED', 'DELETED']),
  conference: conferenceOptionSchema,
});
export type ConferenceReply = z.infer<typeof conferenceReplySchema>;

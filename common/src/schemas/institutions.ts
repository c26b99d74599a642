// The institution calls: the answers of the two lists, and the administrators' approval.
import { z } from 'zod';
import { idField, searchText, wireFlag } from './fields.ts';

/**
 * GET /v1/web/institution/data/list/InstitutionDrplist: id → name. Approved institutions, and
 * those awaiting approval that the caller proposed or is affiliated with; their names end in
 * ' (sent for approval)' so any client shows the note.
 */
export const institutionDropListSchema = z.record(z.string(), z.string());
export type InstitutionDropList = z.infer<typeof institutionDropListSchema>;

/** One institution of the caller's affiliations, for the institutional conflict option. */
export const institutionConflictOptionSchema = z.object({
  value: z.number(),
  label: z.string(),
  /** 1 approved, 3 awaiting approval. */
  instStatus: z.number(),
  /** The earliest start there, 'YYYY-MM-DD', or '' when unknown. */
  startDate: z.string(),
  /** The latest end there, or '' while current there. */
  endDate: z.string(),
  current: wireFlag,
  /** The positions held there, each once. */
  positions: z.array(z.string()),
});
export type InstitutionConflictOption = z.infer<typeof institutionConflictOptionSchema>;

/** GET /v1/web/institution/data/InstitutionConflictOption. */
export const institutionConflictOptionsSchema = z.object({
  return_data: z.array(institutionConflictOptionSchema),
});

const pickInstitution = 'Please select the institution.';

/** POST /v1/web/admin/institutions/approve (administrators). */
export const approveInstitutionSchema = z.object({
  institutionId: idField(pickInstitution),
});

/** How many type 8 relations waiting for the institution the approval validated. */
export const approveInstitutionReplySchema = z.object({
  message: z.literal('SUCCESS'),
  validatedRelations: z.number(),
});

/**
 * GET /v1/web/institution/search?q= (beyond the contract): the picker's search. `q` is part of
 * a name, an alias, an acronym or a name in another language, without regard to case, accents
 * or punctuation.
 */
export const institutionPickerSearchSchema = z.object({ q: searchText });

/** At most this many institutions answer one picker search; typing more narrows them down. */
export const institutionPickerLimit = 20;

/**
 * At most 20 institutions the caller may pick (as in the drop list), best match first: the
 * name or an alias is the text, then starts with it, then contains it. `alias` is the alias
 * that matched when the name did not ('' otherwise), for the picker to show beside the name.
 * `exact` says the text is the name or one of the aliases, compared as institution names are
 * (institutionKey): the picker then offers no new institution of that name.
 */
export const institutionPickerReplySchema = z.object({
  institutions: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      alias: z.string(),
      exact: z.boolean(),
      country: z.string(),
    }),
  ),
});
export type InstitutionPickerReply = z.infer<typeof institutionPickerReplySchema>;

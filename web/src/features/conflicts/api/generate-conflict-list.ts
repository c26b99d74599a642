// POST /v1/web/relations/data/list with the rule selection: the user's conflicts under those
// rules (user_conflicts, institution_list) beside the relations they come from, which the
// picture draws. A refused selection answers 422 with the fields to fix, an unknown
// conference 404; both come back as a message to show.
import { z } from 'zod';
import { conflictPersonWireSchema, institutionConflictWireSchema, messages } from '@recuse/common';
import type { ConflictPersonWire, InstitutionConflictWire } from '@recuse/common';
import { saveForm } from '../../../lib/api-client.ts';
import type { FieldErrors, FormFields } from '../../../lib/api-client.ts';

/** The few fields of the list call's relation rows that the picture needs. */
export type RelatedPersonRow = {
  co_author_id: number;
  display_coauthor_name: string;
  /** 2: a deleted user. */
  co_author_status: number;
};

export type RelatedPublicationRow = {
  publication_name: string;
  publication_years: Record<
    string,
    { co_authors: Array<{ coauthor_id: number; coauthor_name: string; status: number }> }
  >;
};

/** Rows by relation type id; type 8 rows name institutions and carry neither shape. */
export type RelationRowsByType = Record<string, Array<RelatedPersonRow | RelatedPublicationRow>>;

export type ConflictList = {
  people: ConflictPersonWire[];
  institutions: InstitutionConflictWire[];
  relations: RelationRowsByType;
};

export type ConflictListResult =
  { ok: true; list: ConflictList } | { ok: false; message: string; errors: FieldErrors };

const answerSchema = z.object({
  user_conflicts: z.array(conflictPersonWireSchema),
  institution_list: z.array(institutionConflictWireSchema),
  relations: z.record(z.string(), z.array(z.unknown())).optional(),
});

export async function generateConflictList(form: FormFields): Promise<ConflictListResult> {
  let answer;
  try {
    answer = await saveForm<unknown>('/v1/web/relations/data/list', form, { isTokenCall: true });
  } catch {
    return { ok: false, message: messages.couldNotFetch, errors: {} };
  }
  if (!answer.ok) {
    return { ok: false, message: answer.message || messages.couldNotFetch, errors: answer.errors };
  }
  const parsed = answerSchema.safeParse(answer.data);
  if (!parsed.success) return { ok: false, message: messages.couldNotFetch, errors: {} };
  return {
    ok: true,
    list: {
      people: parsed.data.user_conflicts,
      institutions: parsed.data.institution_list,
      relations: (parsed.data.relations ?? {}) as RelationRowsByType,
    },
  };
}

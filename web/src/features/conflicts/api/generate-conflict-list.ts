// POST /v1/web/relations/data/list with the rule selection: the user's conflicts under those
// rules (user_conflicts, institution_list) beside the relations they come from, which the
// picture draws. A refused selection answers 422 with the fields to fix, an unknown
// conference 404; both come back as a message to show.
import { conflictListReplySchema, messages } from '@recuse/common';
import type {
  ConflictPersonWire,
  InstitutionConflictWire,
  PersonRow,
  PublicationCoauthor,
  PublicationRow,
} from '@recuse/common';
import { saveForm } from '../../../lib/api-client.ts';
import type { FieldErrors, FormFields } from '../../../lib/api-client.ts';

/** The few fields of the list call's relation rows that the picture needs. */
export type RelatedPersonRow = Pick<
  PersonRow,
  'co_author_id' | 'display_coauthor_name' | 'co_author_status'
>;

export type RelatedPublicationRow = Pick<PublicationRow, 'publication_name'> & {
  publication_years: Record<
    string,
    { co_authors: Array<Pick<PublicationCoauthor, 'coauthor_id' | 'coauthor_name' | 'status'>> }
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

export async function generateConflictList(form: FormFields): Promise<ConflictListResult> {
  let answer;
  try {
    answer = await saveForm('/v1/web/relations/data/list', form, conflictListReplySchema, {
      isTokenCall: true,
    });
  } catch {
    return { ok: false, message: messages.couldNotFetch, errors: {} };
  }
  if (!answer.ok) {
    return { ok: false, message: answer.message || messages.couldNotFetch, errors: answer.errors };
  }
  return {
    ok: true,
    list: {
      people: answer.data.user_conflicts,
      institutions: answer.data.institution_list,
      relations: answer.data.relations as RelationRowsByType,
    },
  };
}

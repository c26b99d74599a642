// The three relation saves (docs/api-relations.md, "Saving"): coauthor_save for types 3, 6, 7 and
// pending_employment_save for type 8 are multipart; save (types 1, 2, 4, 5, beyond the contract) is
// a form. Answers: CREATED, UPDATED or UPDATED COAUTHOR with the GID; 409 DUPLICATE ENTRY naming
// the relation that exists; otherwise the server's message and field errors.
import type { RelationSaveReply } from '@recuse/common';
import { duplicateReplySchema, relationSaveReplySchema, relationTypeIds } from '@recuse/common';
import { saveForm } from '../../../lib/api-client.ts';
import type { FormFields, SaveResult } from '../../../lib/api-client.ts';
import type { RefusedAnswer } from '../../../lib/use-form-submit.ts';

const coauthorTypeIds: readonly number[] = [
  relationTypeIds.coauthoredPublication,
  relationTypeIds.jointAward,
  relationTypeIds.jointGrant,
];

/** Which call saves a type; multipart for the two calls the contract lists as multipart. */
export function findSaveCall(typeId: number): { path: string; isMultipart: boolean } {
  if (coauthorTypeIds.includes(typeId)) {
    return { path: '/v1/web/relation/data/coauthor_save', isMultipart: true };
  }
  if (typeId === relationTypeIds.pendingEmployment) {
    return { path: '/v1/web/relation/data/pending_employment_save', isMultipart: true };
  }
  return { path: '/v1/web/relation/data/save', isMultipart: false };
}

/** Saves a new relation (no GID) or the creator's modification (with GID). */
export function saveRelation(
  typeId: number,
  fields: FormFields,
): Promise<SaveResult<RelationSaveReply>> {
  const call = findSaveCall(typeId);
  return saveForm(call.path, fields, relationSaveReplySchema, {
    isMultipart: call.isMultipart,
    isTokenCall: true,
  });
}

/** The refusal is DUPLICATE ENTRY: the relation that exists already, with its message. */
export function readDuplicate(
  refusal: RefusedAnswer | undefined,
): { message: string; relationId: number | null } | undefined {
  if (refusal?.status !== 409) return undefined;
  const duplicate = duplicateReplySchema.safeParse(refusal.body);
  return duplicate.success
    ? { message: duplicate.data.message, relationId: duplicate.data.GID }
    : undefined;
}

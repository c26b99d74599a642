// The three relation saves (docs/api-relations.md, "Saving"): coauthor_save for types 3, 6, 7 and
// pending_employment_save for type 8 are multipart; save (types 1, 2, 4, 5, beyond the contract) is
// a form. Answers: CREATED, UPDATED or UPDATED COAUTHOR with the GID; 409 DUPLICATE ENTRY naming
// the relation that exists; otherwise the server's message and field errors.
import type { FieldErrors, RelationSaveReply } from '@recuse/common';
import { duplicateReplySchema, relationSaveReplySchema, relationTypeIds } from '@recuse/common';
import { readFailure, request } from '../../../lib/api-client.ts';
import type { FormFields } from '../../../lib/api-client.ts';
import { endSessionAndGoHome } from '../../../lib/session.ts';

export type SaveOutcome =
  | { kind: 'saved'; reply: RelationSaveReply }
  | { kind: 'duplicate'; message: string; relationId: number | null }
  | { kind: 'refused'; message: string; errors: FieldErrors };

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

/**
 * Saves a new relation (no GID) or the creator's modification (with GID). Network failures and
 * answers that cannot be read throw, so the form says 'Record could not be saved...'.
 */
export async function saveRelation(typeId: number, fields: FormFields): Promise<SaveOutcome> {
  const call = findSaveCall(typeId);
  const answer = await request(call.path, {
    method: 'POST',
    form: fields,
    isMultipart: call.isMultipart,
    isTokenCall: true,
  });
  if (answer.status === 401) endSessionAndGoHome();
  if (answer.ok) {
    return { kind: 'saved', reply: relationSaveReplySchema.parse(answer.body) };
  }
  const duplicate = duplicateReplySchema.safeParse(answer.body);
  if (answer.status === 409 && duplicate.success) {
    return { kind: 'duplicate', message: duplicate.data.message, relationId: duplicate.data.GID };
  }
  return { kind: 'refused', ...readFailure(answer.body) };
}

// The three relation saves (SPEC section 7): coauthor_save for types 3, 6, 7 and
// pending_employment_save for type 8 are multipart; save (types 1, 2, 4, 5, beyond SPEC) is a
// form. Answers: CREATED, UPDATED or UPDATED COAUTHOR with the GID; 409 DUPLICATE ENTRY naming
// the relation that exists; otherwise the server's message and field errors.
import type { FieldErrors, RelationSaveReply } from '@recuse/common';
import { relationSaveReplySchema, relationTypeIds } from '@recuse/common';
import { readFailure, request } from '../../../lib/api-client.ts';
import type { FormFields } from '../../../lib/api-client.ts';
import { endSessionAndGoHome, findAccessToken } from '../../../lib/session.ts';

const apiBaseUrl: string = import.meta.env.VITE_API_BASE_URL ?? '';

export type SaveOutcome =
  | { kind: 'saved'; reply: RelationSaveReply }
  | { kind: 'duplicate'; message: string; relationId: number | null }
  | { kind: 'refused'; message: string; errors: FieldErrors };

const coauthorTypeIds: readonly number[] = [
  relationTypeIds.coauthoredPublication,
  relationTypeIds.jointAward,
  relationTypeIds.jointGrant,
];

/** Which call saves a type; multipart for the two calls SPEC lists as multipart. */
export function findSaveCall(typeId: number): { path: string; isMultipart: boolean } {
  if (coauthorTypeIds.includes(typeId)) {
    return { path: '/v1/web/relation/data/coauthor_save', isMultipart: true };
  }
  if (typeId === relationTypeIds.pendingEmployment) {
    return { path: '/v1/web/relation/data/pending_employment_save', isMultipart: true };
  }
  return { path: '/v1/web/relation/data/save', isMultipart: false };
}

async function post(
  path: string,
  fields: FormFields,
  isMultipart: boolean,
): Promise<{ status: number; ok: boolean; body: unknown }> {
  if (!isMultipart) return request(path, { method: 'POST', form: fields, isTokenCall: true });
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = findAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${apiBaseUrl}${path}`, { method: 'POST', headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    // Not JSON: readFailure shows the text itself.
  }
  return { status: response.status, ok: response.ok, body: parsed };
}

/**
 * Saves a new relation (no GID) or the creator's modification (with GID). Network failures and
 * answers that cannot be read throw, so the form says 'Record could not be saved...'.
 */
export async function saveRelation(typeId: number, fields: FormFields): Promise<SaveOutcome> {
  const call = findSaveCall(typeId);
  const answer = await post(call.path, fields, call.isMultipart);
  if (answer.status === 401) endSessionAndGoHome();
  if (answer.ok) {
    return { kind: 'saved', reply: relationSaveReplySchema.parse(answer.body) };
  }
  const body = answer.body as { status?: unknown; GID?: unknown } | null;
  if (typeof body === 'object' && body !== null && body.status === 'DUPLICATE ENTRY') {
    const { message } = readFailure(body);
    return {
      kind: 'duplicate',
      message,
      relationId: typeof body.GID === 'number' ? body.GID : null,
    };
  }
  return { kind: 'refused', ...readFailure(answer.body) };
}

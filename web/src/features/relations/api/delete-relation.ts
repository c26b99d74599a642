// POST /v1/web/relation/data/delete: the creator deletes their relation.
import { relationActionReplySchema } from '@recuse/common';
import type { RelationActionReply } from '@recuse/common';
import { saveForm } from '../../../lib/api-client.ts';
import type { SaveResult } from '../../../lib/api-client.ts';

export function deleteRelation(relationId: number): Promise<SaveResult<RelationActionReply>> {
  return saveForm(
    '/v1/web/relation/data/delete',
    { GID: String(relationId) },
    relationActionReplySchema,
    { isTokenCall: true },
  );
}

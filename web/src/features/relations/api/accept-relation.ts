// POST /v1/web/relation_accept_relation: the named person's answer (works for every type).
import { relationActionReplySchema } from '@recuse/common';
import type { RelationActionReply } from '@recuse/common';
import { saveForm } from '../../../lib/api-client.ts';
import type { SaveResult } from '../../../lib/api-client.ts';

export function acceptRelation(fields: {
  GID: number;
  relationTypeName: string;
  rejectionComment: string;
}): Promise<SaveResult<RelationActionReply>> {
  return saveForm(
    '/v1/web/relation_accept_relation',
    { ...fields, GID: String(fields.GID) },
    relationActionReplySchema,
    { isTokenCall: true },
  );
}

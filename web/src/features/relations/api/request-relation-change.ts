// POST /v1/web/relation_request_to_modify (…_pending_emp for type 8): a comment to the others
// on the relation, or with contactAdmin 1 to the administrators only.
import { relationActionReplySchema } from '@recuse/common';
import type { RelationActionReply } from '@recuse/common';
import { saveForm } from '../../../lib/api-client.ts';
import type { SaveResult } from '../../../lib/api-client.ts';

export function requestRelationChange(
  fields: {
    GID: number;
    relationTypeName: string;
    modificationsComment: string;
    contactAdmin: 0 | 1;
    changeRelationToPending: 0 | 1;
  },
  isPendingEmployment: boolean,
): Promise<SaveResult<RelationActionReply>> {
  const path = isPendingEmployment
    ? '/v1/web/relation_request_to_modify_pending_emp'
    : '/v1/web/relation_request_to_modify';
  return saveForm(
    path,
    {
      GID: String(fields.GID),
      relationTypeName: fields.relationTypeName,
      modificationsComment: fields.modificationsComment,
      contactAdmin: String(fields.contactAdmin),
      changeRelationToPending: String(fields.changeRelationToPending),
    },
    relationActionReplySchema,
    { isTokenCall: true },
  );
}

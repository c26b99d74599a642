// POST /v1/web/user/linkaccount: take over the DBLP person a saved URL belongs to.
import { linkAccountReplySchema } from '@recuse/common';
import { saveForm } from '../../../lib/api-client.ts';

export function linkAccount(dblpUrl: string) {
  return saveForm('/v1/web/user/linkaccount', { DBLPUrl: dblpUrl }, linkAccountReplySchema, {
    isTokenCall: true,
  });
}

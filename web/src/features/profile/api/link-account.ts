// POST /v1/web/user/linkaccount: take over the DBLP person a saved URL belongs to.
import { saveForm } from '../../../lib/api-client.ts';
import type { SaveResult } from '../../../lib/api-client.ts';

export function linkAccount(dblpUrl: string): Promise<SaveResult<{ message?: string }>> {
  return saveForm('/v1/web/user/linkaccount', { DBLPUrl: dblpUrl }, { isTokenCall: true });
}

// POST /v1/web/user/dblp-claims/orcid/start: ORCID's sign-in page for proving the account's
// open DBLP claim (docs/dblp.md, "Claims").
import { orcidStartReplySchema } from '@recuse/common';
import { callApi } from '../../../lib/api-client.ts';
import type { SaveResult } from '../../../lib/api-client.ts';

export function startOrcidProof(): Promise<SaveResult<{ url: string }>> {
  return callApi('/v1/web/user/dblp-claims/orcid/start', orcidStartReplySchema, {
    method: 'POST',
    isTokenCall: true,
  });
}

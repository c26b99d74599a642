// POST /v1/web/user/dblp-claims/orcid/finish: hands the server what ORCID sent back; the claim
// is confirmed, or the answer says why not.
import { useQuery } from '@tanstack/react-query';
import { orcidFinishReplySchema } from '@recuse/common';
import type { OrcidFinishReply } from '@recuse/common';
import { callApi } from '../../../lib/api-client.ts';
import type { SaveResult } from '../../../lib/api-client.ts';

export function finishOrcidProof(
  code: string,
  state: string,
): Promise<SaveResult<OrcidFinishReply>> {
  return callApi('/v1/web/user/dblp-claims/orcid/finish', orcidFinishReplySchema, {
    method: 'POST',
    form: { code, state },
    isTokenCall: true,
  });
}

/**
 * The finish call, made once per state: the state works only once, so the answer is kept and
 * never asked for again (not on a remount, a refocus or a retry).
 */
export function useOrcidProof(code: string, state: string) {
  return useQuery({
    queryKey: ['orcid-proof', state],
    queryFn: () => finishOrcidProof(code, state),
    enabled: Boolean(code && state),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

// The requests inbox (docs/api.md, "Requests"): the open or closed requests, an answer, a
// closing; and the DBLP claims awaiting a decision, with Confirm and Reject (docs/api.md,
// "DBLP claims"). Administrators only; the server checks the role again.
import { useQuery } from '@tanstack/react-query';
import type { RequestKind } from '@recuse/common';
import {
  claimDecisionReplySchema,
  claimQueueSchema,
  requestListReplySchema,
  requestReplySchema,
} from '@recuse/common';
import { fetchData, saveForm } from '../../../lib/api-client.ts';

export type RequestState = 'open' | 'closed';

export const adminRequestsQueryKey = ['admin', 'requests'] as const;
export const claimQueueQueryKey = ['admin', 'dblp-claims'] as const;

export async function getRequests(state: RequestState) {
  return (await fetchData(`/v1/web/admin/requests?state=${state}`, requestListReplySchema))
    .requests;
}

export function useRequests(state: RequestState) {
  return useQuery({
    queryKey: [...adminRequestsQueryKey, state],
    queryFn: () => getRequests(state),
  });
}

const tokenCall = { isTokenCall: true } as const;

export function answerRequest(
  kind: RequestKind,
  requestId: number,
  answer: string,
  close: boolean,
) {
  return saveForm(
    '/v1/web/admin/requests/answer',
    { kind, requestId: String(requestId), answer, close: close ? '1' : '0' },
    requestReplySchema,
    tokenCall,
  );
}

export function closeRequest(kind: RequestKind, requestId: number) {
  return saveForm(
    '/v1/web/admin/requests/close',
    { kind, requestId: String(requestId) },
    requestReplySchema,
    tokenCall,
  );
}

export async function getClaimQueue() {
  return (await fetchData('/v1/web/admin/dblp-claims', claimQueueSchema)).claims;
}

export function useClaimQueue() {
  return useQuery({ queryKey: claimQueueQueryKey, queryFn: getClaimQueue });
}

export function confirmClaim(claimId: number) {
  return saveForm(
    '/v1/web/admin/dblp-claims/confirm',
    { claimId: String(claimId) },
    claimDecisionReplySchema,
    tokenCall,
  );
}

export function rejectClaim(claimId: number, reason: string) {
  return saveForm(
    '/v1/web/admin/dblp-claims/reject',
    { claimId: String(claimId), reason },
    claimDecisionReplySchema,
    tokenCall,
  );
}

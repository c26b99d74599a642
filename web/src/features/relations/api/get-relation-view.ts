// GET /v1/web/relation/data/view/{id} (or pending_employment_view for type 8's page): one
// relation as the viewer sees it, with what the server would let them do (docs/api-relations.md).
import { useQuery } from '@tanstack/react-query';
import { relationViewReplySchema } from '@recuse/common';
import type { RelationViewReply } from '@recuse/common';
import { fetchData } from '../../../lib/api-client.ts';

export type { RelationCoauthor, RelationPermissions } from '@recuse/common';
/** Both view calls answer this; the pending-employment one adds the institution twice over. */
export type RelationView = RelationViewReply;

export const relationViewQueryKey = (id: string, isPendingEmployment: boolean) =>
  ['relation-view', isPendingEmployment ? 'pending-employment' : 'relation', id] as const;

export async function getRelationView(
  id: string,
  isPendingEmployment: boolean,
): Promise<RelationView> {
  const call = isPendingEmployment ? 'pending_employment_view' : 'view';
  return fetchData(
    `/v1/web/relation/data/${call}/${encodeURIComponent(id)}`,
    relationViewReplySchema,
  );
}

export function useRelationView(id: string, isPendingEmployment: boolean) {
  return useQuery({
    queryKey: relationViewQueryKey(id, isPendingEmployment),
    queryFn: () => getRelationView(id, isPendingEmployment),
  });
}

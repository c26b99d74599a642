// GET /v1/web/relation_modify_request_comments_list: the relation's activity log.
import { useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api-client.ts';

export type RelationComment = {
  id: number;
  submittedBy: string;
  contactAdmin: 'Y' | 'N';
  Comments: string;
  isChangeComment: 0 | 1;
  createdAt: string;
};

export const relationCommentsQueryKey = (relationId: number) =>
  ['relation-comments', relationId] as const;

export async function getRelationComments(
  relationId: number,
  relationType: number,
): Promise<RelationComment[]> {
  const query = new URLSearchParams({
    relationId: String(relationId),
    relationType: String(relationType),
  });
  const body = await fetchData<{ data?: RelationComment[] } | null>(
    `/v1/web/relation_modify_request_comments_list?${query.toString()}`,
  );
  return Array.isArray(body?.data) ? body.data : [];
}

export function useRelationComments(relationId: number, relationType: number) {
  return useQuery({
    queryKey: relationCommentsQueryKey(relationId),
    queryFn: () => getRelationComments(relationId, relationType),
  });
}

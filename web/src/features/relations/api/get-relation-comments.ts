// GET /v1/web/relation_modify_request_comments_list: the relation's activity log.
import { useQuery } from '@tanstack/react-query';
import { relationCommentsReplySchema } from '@recuse/common';
import type { RelationComment } from '@recuse/common';
import { fetchData } from '../../../lib/api-client.ts';

export type { RelationComment } from '@recuse/common';

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
  const answer = await fetchData(
    `/v1/web/relation_modify_request_comments_list?${query.toString()}`,
    relationCommentsReplySchema,
  );
  return answer.data;
}

export function useRelationComments(relationId: number, relationType: number) {
  return useQuery({
    queryKey: relationCommentsQueryKey(relationId),
    queryFn: () => getRelationComments(relationId, relationType),
  });
}

// POST /v1/web/relations/data/list: the user's relations grouped by type id, their
// affiliations, and the relation types (docs/api-relations.md). `pageName: pending` keeps the
// rows still waiting for an answer or disputed.
import { useQuery } from '@tanstack/react-query';
import { relationListReplySchema } from '@recuse/common';
import type { ListedAffiliation, RelationListReply } from '@recuse/common';
import { fetchData } from '../../../lib/api-client.ts';

export type {
  InstitutionRow,
  PersonRow,
  PublicationCoauthor,
  PublicationRow,
  PublicationYear,
} from '@recuse/common';
export type Affiliation = ListedAffiliation;
export type RelationList = Pick<
  RelationListReply,
  'tot_relations' | 'relation_types' | 'institution_list' | 'relations'
>;

/** Both lists (all and pending), to refetch them after a change. */
export const relationListsQueryKey = ['relation-list'] as const;

export const relationListQueryKey = (isPendingOnly: boolean) =>
  [...relationListsQueryKey, isPendingOnly ? 'pending' : 'all'] as const;

export async function getRelationList(isPendingOnly: boolean): Promise<RelationList> {
  return fetchData('/v1/web/relations/data/list', relationListReplySchema, {
    method: 'POST',
    form: { pageName: isPendingOnly ? 'pending' : 'all' },
  });
}

export function useRelationList(isPendingOnly: boolean) {
  return useQuery({
    queryKey: relationListQueryKey(isPendingOnly),
    queryFn: () => getRelationList(isPendingOnly),
  });
}

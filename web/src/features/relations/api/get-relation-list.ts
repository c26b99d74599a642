// POST /v1/web/relations/data/list: the user's relations grouped by type id, their
// affiliations, and the relation types (docs/api-relations.md). `pageName: pending` keeps the
// rows still waiting for an answer or disputed.
import { useQuery } from '@tanstack/react-query';
import type { RelationTypeWire } from '@recuse/common';
import { CouldNotFetchError, fetchData } from '../../../lib/api-client.ts';

export type PersonRow = {
  display_coauthor_name: string;
  co_author_id: number;
  /** The other person's status; 2 means a deleted user. */
  co_author_status: number;
  start_date: number | null;
  start_date_month: number | null;
  end_date: number | null;
  end_date_month: number | null;
  status: number;
  modify_id: number;
};

export type InstitutionRow = Omit<
  PersonRow,
  'display_coauthor_name' | 'co_author_id' | 'co_author_status'
> & {
  institution_name: string;
  institution_id: number;
  institution_status: number;
};

export type PublicationCoauthor = {
  coauthor_id: number;
  coauthor_name: string;
  status: number;
  alow_modify: number;
  relationId: number;
};

export type PublicationYear = {
  date_end_year: number | null;
  status: number;
  co_author_names: string;
  parent_id: number;
  co_authors: PublicationCoauthor[];
};

export type PublicationRow = {
  publication_name: string;
  /** Keyed by year, 'ongoing', or 'year-id' for a second relation of the same title and year. */
  publication_years: Record<string, PublicationYear>;
};

export type Affiliation = {
  institution_name: string;
  institution_id: number;
  institution_status: number;
  type_of_position: string;
  year: number | null;
  years: string;
};

export type RelationList = {
  tot_relations: number;
  relation_types: RelationTypeWire[];
  institution_list: Affiliation[];
  relations: Record<string, Array<PersonRow | PublicationRow | InstitutionRow>>;
};

export const relationListQueryKey = (isPendingOnly: boolean) =>
  ['relation-list', isPendingOnly ? 'pending' : 'all'] as const;

export async function getRelationList(isPendingOnly: boolean): Promise<RelationList> {
  const body = await fetchData<Partial<RelationList> | null>('/v1/web/relations/data/list', {
    method: 'POST',
    form: { pageName: isPendingOnly ? 'pending' : 'all' },
  });
  if (typeof body !== 'object' || body === null || !Array.isArray(body.relation_types)) {
    throw new CouldNotFetchError();
  }
  return {
    tot_relations: body.tot_relations ?? 0,
    relation_types: body.relation_types,
    institution_list: body.institution_list ?? [],
    relations: body.relations ?? {},
  };
}

export function useRelationList(isPendingOnly: boolean) {
  return useQuery({
    queryKey: relationListQueryKey(isPendingOnly),
    queryFn: () => getRelationList(isPendingOnly),
  });
}

// GET /v1/web/relation/data/addnew: what the add-relation form offers (docs/api-relations.md):
// the types in the form's order, the people the user already knows, institutions, paper types,
// the user's publications and the default source text.
import { useQuery } from '@tanstack/react-query';
import { addNewReplySchema } from '@recuse/common';
import type { AddNewReply } from '@recuse/common';
import { fetchData } from '../../../lib/api-client.ts';

export type { PersonOption, PublicationOption } from '@recuse/common';
export type AddNewData = AddNewReply;

export const addNewDataQueryKey = ['relation-add-new'] as const;

export async function getAddNewData(): Promise<AddNewData> {
  return fetchData('/v1/web/relation/data/addnew', addNewReplySchema);
}

export function useAddNewData() {
  return useQuery({ queryKey: addNewDataQueryKey, queryFn: getAddNewData });
}

// GET /v1/web/relation/data/addnew: what the add-relation form offers (docs/api-relations.md):
// the types in the form's order, the people the user already knows, institutions, paper types,
// the user's publications and the default source text.
import { useQuery } from '@tanstack/react-query';
import type { RelationTypeWire } from '@recuse/common';
import { CouldNotFetchError, fetchData } from '../../../lib/api-client.ts';

/** One person of a picker (SPEC's usersDrp): searched by label or secondary e-mail. */
export type PersonOption = {
  label: string;
  value: number;
  /** DBLP's name, which tells two people of the same name apart. */
  dblp_name?: string;
  sec_email?: string;
};

export type PublicationOption = { label: string; value: number; year: number | null };

export type AddNewData = {
  relationTypesOrdered: RelationTypeWire[];
  usersDrp: PersonOption[];
  institutionDrop: Record<string, string>;
  paperTypes: Record<string, string>;
  allPublications: PublicationOption[];
  defaultSource: string;
};

export const addNewDataQueryKey = ['relation-add-new'] as const;

export async function getAddNewData(): Promise<AddNewData> {
  const body = await fetchData<Partial<AddNewData> & { relationTypes?: RelationTypeWire[] }>(
    '/v1/web/relation/data/addnew',
  );
  const types = body?.relationTypesOrdered ?? body?.relationTypes;
  if (typeof body !== 'object' || body === null || !Array.isArray(types)) {
    throw new CouldNotFetchError();
  }
  return {
    relationTypesOrdered: types,
    usersDrp: body.usersDrp ?? [],
    institutionDrop: body.institutionDrop ?? {},
    paperTypes: body.paperTypes ?? {},
    allPublications: body.allPublications ?? [],
    defaultSource: body.defaultSource ?? '',
  };
}

export function useAddNewData() {
  return useQuery({ queryKey: addNewDataQueryKey, queryFn: getAddNewData });
}

// GET /v1/web/relation/data/view/{id} (or pending_employment_view for type 8's page): one
// relation as the viewer sees it, with what the server would let them do (docs/api-relations.md).
import { useQuery } from '@tanstack/react-query';
import type { RelationTypeWire } from '@recuse/common';
import { CouldNotFetchError, fetchData } from '../../../lib/api-client.ts';

export type RelationCoauthor = {
  relation_id: number;
  relation_parent_id: number;
  coauthor_id: number;
  coauthor_name: string;
  status: number;
  reject_reason: string;
  allowModify: number;
};

export type RelationPermissions = {
  accept: 0 | 1;
  reject: 0 | 1;
  requestChange: 0 | 1;
  contactAdmin: 0 | 1;
  modify: 0 | 1;
  delete: 0 | 1;
};

export type RelationView = {
  GID: number;
  UName: string;
  relationType: number;
  relationTypeName: string;
  rUserId: number;
  rUserName: string;
  source: string;
  notes: string;
  paperType: number;
  dateStartYear: number | null;
  dateStartMonth: number | null;
  dateEndYear: number | null;
  dateEndMonth: number | null;
  isOngoing: 0 | 1;
  Status: number;
  sourceUserIsLoggedInUser: 0 | 1;
  relUserIsLoggedInUser: 0 | 1;
  publicationName: string;
  DBLPImportedEntry: 0 | 1;
  communityPaper: 0 | 1;
  coauthor_status: number;
  rInstitutionId: number | null;
  rInstitutionName: string;
  institutionStatus: number | null;
  institutionName?: string;
  sourceUserUpdateComment: string;
  rejectReason: string;
  permissions: RelationPermissions;
  coAuthors: RelationCoauthor[];
  relationTypes: RelationTypeWire[];
  paperTypes: Record<string, string>;
};

export const relationViewQueryKey = (id: string, isPendingEmployment: boolean) =>
  ['relation-view', isPendingEmployment ? 'pending-employment' : 'relation', id] as const;

export async function getRelationView(
  id: string,
  isPendingEmployment: boolean,
): Promise<RelationView> {
  const call = isPendingEmployment ? 'pending_employment_view' : 'view';
  const body = await fetchData<RelationView | null>(
    `/v1/web/relation/data/${call}/${encodeURIComponent(id)}`,
  );
  if (typeof body !== 'object' || body === null || typeof body.GID !== 'number') {
    throw new CouldNotFetchError();
  }
  return { ...body, coAuthors: body.coAuthors ?? [], relationTypes: body.relationTypes ?? [] };
}

export function useRelationView(id: string, isPendingEmployment: boolean) {
  return useQuery({
    queryKey: relationViewQueryKey(id, isPendingEmployment),
    queryFn: () => getRelationView(id, isPendingEmployment),
  });
}

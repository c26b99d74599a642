// The administration of institutions (docs/api.md, "Institutions"): the queue of proposals,
// the search over every institution with its aliases, and the decisions and edits. Every call
// is an administrator's; the server checks the role again.
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import {
  approveInstitutionReplySchema,
  institutionQueueSchema,
  institutionReplySchema,
  institutionSearchReplySchema,
  mergeInstitutionReplySchema,
} from '@recuse/common';
import { fetchData, saveForm } from '../../../lib/api-client.ts';

export const adminInstitutionsQueryKey = ['admin', 'institutions'] as const;
export const institutionQueueQueryKey = [...adminInstitutionsQueryKey, 'queue'] as const;
export const institutionSearchDebounceMs = 300;

export async function getInstitutionQueue() {
  return (await fetchData('/v1/web/admin/institutions/queue', institutionQueueSchema)).institutions;
}

export function useInstitutionQueue() {
  return useQuery({ queryKey: institutionQueueQueryKey, queryFn: getInstitutionQueue });
}

export async function searchInstitutions(text: string) {
  const query = new URLSearchParams({ q: text }).toString();
  return (await fetchData(`/v1/web/admin/institutions?${query}`, institutionSearchReplySchema))
    .institutions;
}

/** Institutions whose name or an alias holds the text (every one, by name, for no text). */
export function useInstitutionSearch(text: string, enabled = true) {
  const [debounced] = useDebouncedValue(text.trim(), institutionSearchDebounceMs);
  return useQuery({
    queryKey: [...adminInstitutionsQueryKey, 'search', debounced],
    queryFn: () => searchInstitutions(debounced),
    enabled,
  });
}

const tokenCall = { isTokenCall: true } as const;

export function approveInstitution(institutionId: number) {
  return saveForm(
    '/v1/web/admin/institutions/approve',
    { institutionId: String(institutionId) },
    approveInstitutionReplySchema,
    tokenCall,
  );
}

export function mergeInstitution(institutionId: number, targetId: number) {
  return saveForm(
    '/v1/web/admin/institutions/merge',
    { institutionId: String(institutionId), targetId: String(targetId) },
    mergeInstitutionReplySchema,
    tokenCall,
  );
}

export function rejectInstitution(institutionId: number, reason: string) {
  return saveForm(
    '/v1/web/admin/institutions/reject',
    { institutionId: String(institutionId), reason },
    institutionReplySchema,
    tokenCall,
  );
}

export type InstitutionEdit = {
  name: string;
  /** One per line. */
  aliases: string;
  /** Separated by lines, commas or spaces. */
  emailDomains: string;
  country: string;
};

export function updateInstitution(institutionId: number, edit: InstitutionEdit) {
  return saveForm(
    '/v1/web/admin/institutions/update',
    { institutionId: String(institutionId), ...edit },
    institutionReplySchema,
    tokenCall,
  );
}

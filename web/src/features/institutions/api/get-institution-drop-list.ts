// GET /v1/web/institution/data/list/InstitutionDrplist: the institutions a person may pick,
// as options sorted by name. Names awaiting approval already end in ' (sent for approval)'.
import { useQuery } from '@tanstack/react-query';
import { institutionDropListSchema } from '@recuse/common';
import { fetchData } from '../../../lib/api-client.ts';

export type InstitutionOption = { value: string; label: string };

export const institutionDropListQueryKey = ['institutions', 'drop-list'] as const;

export function toInstitutionOptions(list: Record<string, string>): InstitutionOption[] {
  return Object.entries(list)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' }));
}

export async function getInstitutionOptions(): Promise<InstitutionOption[]> {
  return toInstitutionOptions(
    await fetchData('/v1/web/institution/data/list/InstitutionDrplist', institutionDropListSchema),
  );
}

export function useInstitutionOptions() {
  return useQuery({ queryKey: institutionDropListQueryKey, queryFn: getInstitutionOptions });
}

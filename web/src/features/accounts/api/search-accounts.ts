// GET /v1/web/admin/accounts?q=: registered accounts by the start of a name or part of an
// e-mail address (at most 20), asked once typing pauses.
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { accountSearchReplySchema } from '@recuse/common';
import { fetchData } from '../../../lib/api-client.ts';

export const accountSearchDebounceMs = 300;
export const accountSearchQueryKey = ['admin', 'accounts'] as const;

/** The server asks for at least 2 letters or digits. */
export const isAccountSearchable = (text: string) =>
  (text.match(/[\p{L}\p{N}]/gu) ?? []).length >= 2;

export async function searchAccounts(text: string) {
  const query = new URLSearchParams({ q: text }).toString();
  return (await fetchData(`/v1/web/admin/accounts?${query}`, accountSearchReplySchema)).accounts;
}

export function useAccountSearch(text: string) {
  const [debounced] = useDebouncedValue(text.trim(), accountSearchDebounceMs);
  return useQuery({
    queryKey: [...accountSearchQueryKey, debounced],
    queryFn: () => searchAccounts(debounced),
    enabled: isAccountSearchable(debounced),
  });
}

// GET /v1/web/institution/search?q=: the picker's search over names, aliases, acronyms and
// names in other languages (docs/institutions.md, "Finding an imported institution"), asked
// once typing pauses. It is the picker's only source: no form downloads the whole list.
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { institutionKey, institutionPickerReplySchema } from '@recuse/common';
import type { InstitutionPickerReply } from '@recuse/common';
import { fetchData } from '../../../lib/api-client.ts';

export const institutionSearchDebounceMs = 250;

export type FoundInstitution = InstitutionPickerReply['institutions'][number];

/** Two letters or digits at least: fewer would find half the registry. */
export const isSearchable = (text: string) => institutionKey(text).replace(/\s/g, '').length >= 2;

/**
 * The institutions found for `text`, and whether the answer for this very text is in
 * (`isSettled`: until then a name cannot be told new, so nothing is proposed).
 */
export function useInstitutionPickerSearch(text: string) {
  const trimmed = text.trim();
  const [debounced] = useDebouncedValue(trimmed, institutionSearchDebounceMs);
  const search = useQuery({
    queryKey: ['institutions', 'picker-search', debounced],
    queryFn: async () => {
      const query = new URLSearchParams({ q: debounced }).toString();
      return (await fetchData(`/v1/web/institution/search?${query}`, institutionPickerReplySchema))
        .institutions;
    },
    enabled: isSearchable(debounced),
    staleTime: 60_000,
  });
  const isCurrent = debounced === trimmed && isSearchable(trimmed);
  const found: FoundInstitution[] = isCurrent ? (search.data ?? []) : [];
  const isSettled = isCurrent && !search.isPending;
  return { found, isSettled, isSearching: isSearchable(trimmed) && !isSettled };
}

// GET /v1/web/institution/search?q=: the picker's search over names, aliases, acronyms and
// names in other languages (docs/institutions.md, "Finding an imported institution"), asked
// once typing pauses. The picker filters its list by name at once; this adds the
// institutions only another of their names finds ("ETH", "Eidgenössische …").
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { institutionKey, institutionPickerReplySchema } from '@recuse/common';
import { fetchData } from '../../../lib/api-client.ts';

export const institutionSearchDebounceMs = 250;

/** The institutions found for `text`; none until the answer for this very text is in. */
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
    // Two letters or digits at least: fewer finds half the registry.
    enabled: institutionKey(debounced).replace(/\s/g, '').length >= 2,
    staleTime: 60_000,
  });
  return debounced === trimmed ? (search.data ?? []) : [];
}

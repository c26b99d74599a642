// GET /v1/web/users/search?q=: people beyond those the user already knows, found by name on the
// server as the user types (at most 20; an e-mail only when typed in full).
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { peopleSearchReplySchema } from '@recuse/common';
import type { PersonOption } from '@recuse/common';
import { fetchData } from '../../../lib/api-client.ts';

/** Waits this long after the last keystroke, so typing a name sends one search, not ten. */
export const searchDebounceMs = 300;

/** The server refuses fewer than 2 letters or digits, so the picker does not ask. */
export function isSearchable(text: string): boolean {
  return (text.match(/[\p{L}\p{N}]/gu) ?? []).length >= 2;
}

export async function searchPeople(text: string): Promise<PersonOption[]> {
  const answer = await fetchData(
    `/v1/web/users/search?${new URLSearchParams({ q: text }).toString()}`,
    peopleSearchReplySchema,
  );
  return answer.usersDrp;
}

/**
 * The server's matches for what is typed, once typing pauses ([] while there is nothing to ask),
 * and whether an answer is still coming.
 */
export function usePeopleSearch(
  text: string,
  isEnabled: boolean,
): { people: PersonOption[]; isSearching: boolean } {
  const trimmed = text.trim();
  const [debounced] = useDebouncedValue(trimmed, searchDebounceMs);
  const shouldSearch = isEnabled && isSearchable(debounced);
  const search = useQuery({
    queryKey: ['people-search', debounced],
    queryFn: () => searchPeople(debounced),
    enabled: shouldSearch,
    staleTime: 60_000,
  });
  return {
    // Answers for an earlier text are not shown while the next search waits for its pause.
    people: shouldSearch && debounced === trimmed ? (search.data ?? []) : [],
    isSearching: isEnabled && isSearchable(trimmed) && (trimmed !== debounced || search.isFetching),
  };
}

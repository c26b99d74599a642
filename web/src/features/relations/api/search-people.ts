// GET /v1/web/users/search?q=: people beyond those the user already knows, found on the server
// by the start of a name or of a confirmed e-mail as the user types (at most 20). A whole e-mail
// comes back marked: the person whose address it is, or the user's own address.
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { peopleSearchReplySchema } from '@recuse/common';
import type { PeopleSearchReply, PersonOption } from '@recuse/common';
import { fetchData } from '../../../lib/api-client.ts';

/** Waits this long after the last keystroke, so typing a name sends one search, not ten. */
export const searchDebounceMs = 300;

/** The server refuses fewer than 2 letters or digits, so the picker does not ask. */
export function isSearchable(text: string): boolean {
  return (text.match(/[\p{L}\p{N}]/gu) ?? []).length >= 2;
}

export async function searchPeople(text: string): Promise<PeopleSearchReply> {
  return fetchData(
    `/v1/web/users/search?${new URLSearchParams({ q: text }).toString()}`,
    peopleSearchReplySchema,
  );
}

export type PeopleSearch = {
  /** The server's matches for what is typed now ([] while there is nothing to ask). */
  people: PersonOption[];
  /** An answer for what is typed is still coming. */
  isSearching: boolean;
  /** The server answered for exactly what is typed, or could not be asked. */
  isSettled: boolean;
  /** What is typed is one of the user's own addresses. */
  isOwnEmail: boolean;
};

/** The server's answer for what is typed, once typing pauses. */
export function usePeopleSearch(text: string, isEnabled: boolean): PeopleSearch {
  const trimmed = text.trim();
  const [debounced] = useDebouncedValue(trimmed, searchDebounceMs);
  const shouldSearch = isEnabled && isSearchable(debounced);
  const search = useQuery({
    queryKey: ['people-search', debounced],
    queryFn: () => searchPeople(debounced),
    enabled: shouldSearch,
    staleTime: 60_000,
  });
  // Answers for an earlier text are not shown while the next search waits for its pause.
  const isCurrent = shouldSearch && debounced === trimmed;
  const isSearching =
    isEnabled && isSearchable(trimmed) && (trimmed !== debounced || search.isFetching);
  return {
    people: isCurrent ? (search.data?.usersDrp ?? []) : [],
    isSearching,
    isSettled: isCurrent && !isSearching && (search.isSuccess || search.isError),
    isOwnEmail: isCurrent && search.data?.own_email === 1,
  };
}

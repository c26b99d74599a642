// The answer to a search as it goes: the error, "Searching…" while it is asked (or asked
// again), a sentence when nothing matches, else the results the caller draws. In a live
// region, so a screen reader hears each state.
import type { ReactNode } from 'react';
import { Group, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { messages } from '@recuse/common';
import { ErrorAlert } from './error-alert.tsx';

type SearchResultsProps<Row> = {
  search: UseQueryResult<Row[], Error>;
  /** Said when the answer is empty. */
  nothingFound: string;
  children: (rows: Row[]) => ReactNode;
  /** The loader's accessible name. */
  loaderLabel?: string;
  /** Shown instead of any answer (nothing searchable typed yet). */
  placeholder?: ReactNode;
  /** Whether an answer being refreshed shows "Searching…" rather than the old rows. */
  whileRefetching?: 'searching' | 'rows';
  mt?: 'sm';
};

export function SearchResults<Row>({
  search,
  nothingFound,
  children,
  loaderLabel,
  placeholder,
  whileRefetching = 'searching',
  mt,
}: SearchResultsProps<Row>) {
  let content: ReactNode;
  if (placeholder) content = placeholder;
  else if (search.isError) {
    content = <ErrorAlert message={search.error.message || messages.couldNotFetch} />;
  } else if (search.data === undefined || (whileRefetching === 'searching' && search.isFetching)) {
    content = (
      <Group gap="xs" mt={mt}>
        <Loader size="xs" aria-label={loaderLabel} />
        <Text fz="sm">Searching…</Text>
      </Group>
    );
  } else if (search.data.length === 0) {
    content = <Text mt={mt}>{nothingFound}</Text>;
  } else {
    content = children(search.data);
  }
  return <div aria-live="polite">{content}</div>;
}

// Long tables of the list page show a page of rows at a time, with a pager under them: a prolific
// author has thousands of publications, and rendering them all at once kept the browser busy for
// seconds (docs/benchmarks.md, "Relations list for a prolific author"). Short tables show every row
// and no pager.
import { useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { Group, Pagination, Table, Text } from '@mantine/core';

export const rowsPerPage = 50;

const pagerControlLabels = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/**
 * One page of `rows`, a ref for the top of the table (brought back into view when the page
 * changes, so the new rows are read from their start), and the pager to put under the table
 * (null when everything fits on one page). `label` names the table for assistive technology.
 */
export function usePagedRows<Row>(
  rows: Row[],
  label: string,
): { pageRows: Row[]; tableTop: RefObject<HTMLDivElement | null>; pager: ReactNode } {
  const [page, setPage] = useState(1);
  const tableTop = useRef<HTMLDivElement>(null);
  const pageCount = Math.max(1, Math.ceil(rows.length / rowsPerPage));
  // After a refetch the list may be shorter: stay on its last page.
  const current = Math.min(page, pageCount);
  const first = (current - 1) * rowsPerPage;
  const pageRows = rows.slice(first, first + rowsPerPage);
  const changePage = (next: number) => {
    setPage(next);
    const top = tableTop.current;
    if (top && top.getBoundingClientRect().top < 0) top.scrollIntoView?.({ block: 'start' });
  };
  const pager =
    pageCount > 1 ? (
      <Group component="nav" aria-label={`${label}: pages`} justify="space-between" mt="sm">
        <Text size="sm" c="dimmed">
          Rows {first + 1}–{first + pageRows.length} of {rows.length}
        </Text>
        <Pagination
          size="sm"
          total={pageCount}
          value={current}
          onChange={changePage}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          getControlProps={(control) => ({ 'aria-label': pagerControlLabels[control] })}
        />
      </Group>
    ) : null;
  return { pageRows, tableTop, pager };
}

/**
 * A striped table of `rows` a page at a time, the pager under it. `headers` are the header
 * cells; `renderRow` gives each row's `Table.Tr`, with its key. A `minWidth` scrolls the table
 * sideways on narrow screens rather than squeezing its columns.
 */
export function PagedTable<Row>({
  rows,
  label,
  minWidth,
  headers,
  renderRow,
}: {
  rows: Row[];
  label: string;
  minWidth?: number;
  headers: ReactNode;
  renderRow: (row: Row) => ReactNode;
}) {
  const { pageRows, tableTop, pager } = usePagedRows(rows, label);
  const table = (
    <Table striped>
      <Table.Thead>
        <Table.Tr>{headers}</Table.Tr>
      </Table.Thead>
      <Table.Tbody>{pageRows.map(renderRow)}</Table.Tbody>
    </Table>
  );
  return (
    <div ref={tableTop}>
      {minWidth ? (
        <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>
      ) : (
        table
      )}
      {pager}
    </div>
  );
}

// The tables inside one relation-type section of the list page (docs/product.md, "The screens",
// Relations list): publications and awards by title and year, people with their dates, and pending
// applications.
import { Anchor, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { RelationTypeWire } from '@recuse/common';
import type { InstitutionRow, PersonRow, PublicationRow } from '../api/get-relation-list.ts';
import { formatListDate, formatListEndDate } from './relation-dates.ts';
import { publicationEntries } from './relation-list-filter.ts';
import type { ListSort } from './relation-list-filter.ts';
import { PagedTable } from './relation-list-pages.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { paths } from '../../../app/paths.ts';

const deletedUserStatus = 2;

/**
 * Titles and names may be one long unbroken word: they break anywhere rather than widen their
 * column and push the dates, the status and View out of sight.
 */
export const breakAnywhere = { overflowWrap: 'anywhere' } as const;

/** The last column holds each row's View button; its header is for screen readers only. */
const actionsHeader = (
  <Table.Th>
    <VisuallyHidden>Actions</VisuallyHidden>
  </Table.Th>
);

export function PublicationTable({
  type,
  rows,
  sort = 'newest',
}: {
  type: RelationTypeWire;
  rows: PublicationRow[];
  /** The order of the rows (the list's sort); newest first when not given, as the server sends. */
  sort?: ListSort;
}) {
  const entries = publicationEntries(rows, sort).map(({ key, title, yearKey, entry }) => ({
    key,
    title,
    year: yearKey === 'ongoing' ? 'Ongoing' : String(entry.date_end_year ?? yearKey),
    entry,
  }));
  return (
    <PagedTable
      rows={entries}
      label={type.name}
      minWidth={600}
      headers={
        <>
          <Table.Th>{type.title_label || 'Title'}</Table.Th>
          <Table.Th>{type.show_end_date_label || 'Year'}</Table.Th>
          <Table.Th>Conflict reason</Table.Th>
          <Table.Th>{type.coauthors_label || 'Co-authors'}</Table.Th>
          {actionsHeader}
        </>
      }
      renderRow={({ key, title, year, entry }) => (
        <Table.Tr key={key}>
          <Table.Td style={breakAnywhere}>{title}</Table.Td>
          <Table.Td>{year}</Table.Td>
          <Table.Td>
            {type.name} <StatusBadge status={entry.status} />
          </Table.Td>
          <Table.Td style={breakAnywhere}>{entry.co_author_names}</Table.Td>
          <Table.Td>
            <ViewButton to={paths.relation.href(entry.parent_id, type.id)} label={title} />
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}

export function PublicationHint() {
  return (
    <Text size="sm" mt="xs">
      Missing publications?{' '}
      <Anchor component={Link} to={paths.help.href('faq')}>
        Consult the FAQ.
      </Anchor>
    </Text>
  );
}

type DatedRow = Pick<
  PersonRow,
  'start_date' | 'start_date_month' | 'end_date' | 'end_date_month' | 'status' | 'modify_id'
>;

function DateHeaders({ type }: { type: RelationTypeWire }) {
  return (
    <>
      {type.show_start_date === 1 && <Table.Th>{type.show_start_date_label}</Table.Th>}
      {type.show_end_date === 1 && <Table.Th>{type.show_end_date_label}</Table.Th>}
    </>
  );
}

function DateCells({ type, row }: { type: RelationTypeWire; row: DatedRow }) {
  return (
    <>
      {type.show_start_date === 1 && (
        <Table.Td>
          {formatListDate(row.start_date, row.start_date_month, type.start_date_format)}
        </Table.Td>
      )}
      {type.show_end_date === 1 && (
        <Table.Td>
          {type.end_date_mandatory === 1
            ? formatListDate(row.end_date, row.end_date_month, type.end_date_format)
            : formatListEndDate(row.end_date, row.end_date_month, type.end_date_format)}
        </Table.Td>
      )}
    </>
  );
}

function ViewButton({ to, label }: { to: string; label: string }) {
  return (
    <Button size="xs" variant="default" component={Link} to={to} aria-label={`View ${label}`}>
      View
    </Button>
  );
}

export function PersonTable({ type, rows }: { type: RelationTypeWire; rows: PersonRow[] }) {
  return (
    <PagedTable
      rows={rows}
      label={type.name}
      minWidth={500}
      headers={
        <>
          <Table.Th>Person name</Table.Th>
          <DateHeaders type={type} />
          <Table.Th>Status</Table.Th>
          {actionsHeader}
        </>
      }
      renderRow={(row) => {
        const isDeletedUser = row.co_author_status === deletedUserStatus;
        return (
          <Table.Tr key={row.modify_id}>
            <Table.Td style={breakAnywhere}>
              {row.display_coauthor_name}
              {isDeletedUser && ' (Deleted user)'}
            </Table.Td>
            <DateCells type={type} row={row} />
            <Table.Td>
              <StatusBadge status={row.status} />
            </Table.Td>
            <Table.Td>
              {!isDeletedUser && (
                <ViewButton
                  to={paths.relation.href(row.modify_id, type.id)}
                  label={row.display_coauthor_name}
                />
              )}
            </Table.Td>
          </Table.Tr>
        );
      }}
    />
  );
}

export function InstitutionTable({
  type,
  rows,
}: {
  type: RelationTypeWire;
  rows: InstitutionRow[];
}) {
  return (
    <PagedTable
      rows={rows}
      label={type.name}
      minWidth={500}
      headers={
        <>
          <Table.Th>Institution</Table.Th>
          <DateHeaders type={type} />
          <Table.Th>Status</Table.Th>
          {actionsHeader}
        </>
      }
      renderRow={(row) => (
        <Table.Tr key={row.modify_id}>
          <Table.Td style={breakAnywhere}>{row.institution_name}</Table.Td>
          <DateCells type={type} row={row} />
          <Table.Td>
            <StatusBadge status={row.status} />
          </Table.Td>
          <Table.Td>
            <ViewButton
              to={paths.relation.href(row.modify_id, type.id)}
              label={row.institution_name}
            />
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}

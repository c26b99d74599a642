// The relations list (docs/product.md, "The screens", Relations list): the count, search,
// filters, sort and downloads, a view-by radio, and either a collapsible section per relation
// type (plus the user's affiliations) or a grid of people and reasons. The pending variant opens
// every section.
import { useMemo, useState } from 'react';
import {
  Accordion,
  Badge,
  Button,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { pendingRelationCount, relationCount, relationTypeIds } from '@recuse/common';
import type { RelationTypeWire } from '@recuse/common';
import type {
  InstitutionRow,
  PersonRow,
  PublicationRow,
  RelationList as RelationListData,
} from '../api/get-relation-list.ts';
import { groupRelationsByName, isInstitutionType, isPublicationLike } from './group-by-name.ts';
import {
  exportRows,
  filterRelationList,
  isFiltered,
  noFilter,
  statusOptions,
  toCsv,
} from './relation-list-filter.ts';
import type { ListFilter, ListSort } from './relation-list-filter.ts';
import { PagedTable } from './relation-list-pages.tsx';
import { saveFile } from '../../../lib/download.ts';
import {
  InstitutionTable,
  PersonTable,
  PublicationHint,
  PublicationTable,
} from './relation-type-tables.tsx';

type ViewBy = 'name' | 'type';
const institutionalSection = 'institutional';

type RelationListProps = { list: RelationListData; isPendingOnly: boolean };

const sortOptions: { value: ListSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'name', label: 'Title or name (A to Z)' },
  { value: 'status', label: 'Status (pending first)' },
];

export function RelationList({ list, isPendingOnly }: RelationListProps) {
  const [viewBy, setViewBy] = useState<ViewBy>('type');
  const [filter, setFilter] = useState<ListFilter>(noFilter);
  const shown = useMemo(() => filterRelationList(list, filter), [list, filter]);
  const shownCount = list.relation_types.reduce((total, type) => total + rowCount(shown, type), 0);
  return (
    <Stack gap="md">
      <Text fw={500}>
        {(isPendingOnly ? pendingRelationCount : relationCount)(list.tot_relations)}
      </Text>
      <ListTools list={list} filter={filter} onChange={setFilter} />
      {isFiltered(filter) && (
        <Text size="sm" role="status">
          {shownCount === 1 ? '1 relation matches.' : `${shownCount} relations match.`}
        </Text>
      )}
      <Group justify="space-between" align="flex-end">
        <Radio.Group
          label="View by"
          value={viewBy}
          onChange={(value) => setViewBy(value === 'name' ? 'name' : 'type')}
        >
          <Group mt="xs">
            <Radio value="name" label="Name" />
            <Radio value="type" label="Type" />
          </Group>
        </Radio.Group>
        <Downloads list={shown} isFiltered={isFiltered(filter)} />
      </Group>
      {viewBy === 'type' ? (
        <RelationsByType
          // A search opens every section that has a match; clearing it closes them again.
          key={isFiltered(filter) ? 'filtered' : 'all'}
          list={shown}
          isPendingOnly={isPendingOnly}
          isOpen={isPendingOnly || isFiltered(filter)}
          sort={filter.sort}
        />
      ) : (
        <RelationsByName list={shown} />
      )}
    </Stack>
  );
}

function ListTools({
  list,
  filter,
  onChange,
}: {
  list: RelationListData;
  filter: ListFilter;
  onChange: (filter: ListFilter) => void;
}) {
  const typeOptions = list.relation_types
    .filter((type) => rowCount(list, type) > 0)
    .map((type) => ({ value: String(type.id), label: type.name }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" role="search" aria-label="Relations">
      <TextInput
        type="search"
        label="Search by person or title"
        value={filter.text}
        onChange={(event) => onChange({ ...filter, text: event.currentTarget.value })}
      />
      <Select
        label="Type"
        placeholder="All types"
        data={typeOptions}
        value={filter.typeId === null ? null : String(filter.typeId)}
        onChange={(value) => onChange({ ...filter, typeId: value ? Number(value) : null })}
        clearable
      />
      <Select
        label="Status"
        placeholder="All statuses"
        data={statusOptions.map((option) => ({ value: String(option.value), label: option.label }))}
        value={filter.status === null ? null : String(filter.status)}
        onChange={(value) => onChange({ ...filter, status: value ? Number(value) : null })}
        clearable
      />
      <Select
        label="Sort by"
        data={sortOptions}
        value={filter.sort}
        onChange={(value) =>
          onChange({ ...filter, sort: (value as ListSort | null) ?? noFilter.sort })
        }
        allowDeselect={false}
      />
    </SimpleGrid>
  );
}

/** Offers the rows shown as a file, made in the browser from the list the page holds. */
function download(fileName: string, contentType: string, text: string) {
  saveFile({ fileName, contentType, text });
}

function Downloads({ list, isFiltered }: { list: RelationListData; isFiltered: boolean }) {
  const day = new Date().toISOString().slice(0, 10);
  const rows = () => exportRows(list, window.location.origin);
  const what = isFiltered ? 'the relations shown' : 'all relations';
  return (
    <Group gap="xs">
      <Button
        variant="default"
        size="xs"
        aria-label={`Download ${what} as CSV`}
        onClick={() => download(`recuse-relations-${day}.csv`, 'text/csv', toCsv(rows()))}
      >
        Download CSV
      </Button>
      <Button
        variant="default"
        size="xs"
        aria-label={`Download ${what} as JSON`}
        onClick={() =>
          download(
            `recuse-relations-${day}.json`,
            'application/json',
            `${JSON.stringify(rows(), null, 2)}\n`,
          )
        }
      >
        Download JSON
      </Button>
    </Group>
  );
}

function rowCount(list: RelationListData, type: RelationTypeWire): number {
  const rows = list.relations[String(type.id)] ?? [];
  if (!isPublicationLike(type)) return rows.length;
  return (rows as PublicationRow[]).reduce(
    (total, row) => total + Object.keys(row.publication_years).length,
    0,
  );
}

function RelationsByType({
  list,
  isPendingOnly,
  isOpen,
  sort,
}: RelationListProps & { isOpen: boolean; sort: ListSort }) {
  const types = list.relation_types.filter((type) => rowCount(list, type) > 0);
  const hasAffiliations = !isPendingOnly && list.institution_list.length > 0;
  const sections = [
    ...types.map((type) => String(type.id)),
    ...(hasAffiliations ? [institutionalSection] : []),
  ];
  if (sections.length === 0) return <Text c="dimmed">No relations to show.</Text>;
  return (
    <Accordion multiple variant="separated" defaultValue={isOpen ? sections : []}>
      {types.map((type) => (
        <Accordion.Item key={type.id} value={String(type.id)}>
          <Accordion.Control>
            <Group gap="xs">
              {type.name}
              <Badge variant="default">{rowCount(list, type)}</Badge>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <TypeTable type={type} rows={list.relations[String(type.id)] ?? []} sort={sort} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
      {hasAffiliations && (
        <Accordion.Item value={institutionalSection}>
          <Accordion.Control>
            <Group gap="xs">
              Institutional
              <Badge variant="default">{list.institution_list.length}</Badge>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <AffiliationTable list={list} />
          </Accordion.Panel>
        </Accordion.Item>
      )}
    </Accordion>
  );
}

function TypeTable({
  type,
  rows,
  sort,
}: {
  type: RelationTypeWire;
  rows: unknown[];
  sort: ListSort;
}) {
  if (isInstitutionType(type))
    return <InstitutionTable type={type} rows={rows as InstitutionRow[]} />;
  if (!isPublicationLike(type)) return <PersonTable type={type} rows={rows as PersonRow[]} />;
  return (
    <>
      <PublicationTable type={type} rows={rows as PublicationRow[]} sort={sort} />
      {type.id === relationTypeIds.coauthoredPublication && <PublicationHint />}
    </>
  );
}

function AffiliationTable({ list }: { list: RelationListData }) {
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Institution</Table.Th>
          <Table.Th>Position</Table.Th>
          <Table.Th>Year</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {list.institution_list.map((affiliation) => (
          <Table.Tr key={`${affiliation.institution_id}-${affiliation.years}`}>
            <Table.Td>{affiliation.institution_name}</Table.Td>
            <Table.Td>{affiliation.type_of_position}</Table.Td>
            <Table.Td>{affiliation.years || affiliation.year}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function RelationsByName({ list }: { list: RelationListData }) {
  const people = useMemo(() => groupRelationsByName(list), [list]);
  if (people.length === 0) return <Text c="dimmed">No relations to show.</Text>;
  return (
    <PagedTable
      rows={people}
      label="People"
      headers={
        <>
          <Table.Th>Person name</Table.Th>
          <Table.Th>Reasons</Table.Th>
        </>
      }
      renderRow={(person) => (
        <Table.Tr key={person.name}>
          <Table.Td>{person.name}</Table.Td>
          <Table.Td>
            <Stack gap={2}>
              {person.reasons.map((reason) => (
                <Text key={reason} size="sm">
                  {reason}
                </Text>
              ))}
            </Stack>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}

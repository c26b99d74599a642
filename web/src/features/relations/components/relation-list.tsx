// The relations list (SPEC section 2): the count, a view-by radio, and either a collapsible
// section per relation type (plus the user's affiliations) or a grid of people and reasons.
// The pending variant opens every section.
import { useMemo, useState } from 'react';
import { Accordion, Badge, Group, Radio, Stack, Table, Text } from '@mantine/core';
import { relationCount, relationTypeIds } from '@recuse/common';
import type { RelationTypeWire } from '@recuse/common';
import type {
  InstitutionRow,
  PersonRow,
  PublicationRow,
  RelationList as RelationListData,
} from '../api/get-relation-list.ts';
import { groupRelationsByName, isInstitutionType, isPublicationLike } from './group-by-name.ts';
import { PagedTable } from './relation-list-pages.tsx';
import {
  InstitutionTable,
  PersonTable,
  PublicationHint,
  PublicationTable,
} from './relation-type-tables.tsx';

type ViewBy = 'name' | 'type';
const institutionalSection = 'institutional';

type RelationListProps = { list: RelationListData; isPendingOnly: boolean };

export function RelationList({ list, isPendingOnly }: RelationListProps) {
  const [viewBy, setViewBy] = useState<ViewBy>('type');
  return (
    <Stack gap="md">
      <Text fw={500}>{relationCount(list.tot_relations)}</Text>
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
      {viewBy === 'type' ? (
        <RelationsByType list={list} isPendingOnly={isPendingOnly} />
      ) : (
        <RelationsByName list={list} />
      )}
    </Stack>
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

function RelationsByType({ list, isPendingOnly }: RelationListProps) {
  const types = list.relation_types.filter((type) => rowCount(list, type) > 0);
  const hasAffiliations = !isPendingOnly && list.institution_list.length > 0;
  const sections = [
    ...types.map((type) => String(type.id)),
    ...(hasAffiliations ? [institutionalSection] : []),
  ];
  if (sections.length === 0) return <Text c="dimmed">No relations to show.</Text>;
  return (
    <Accordion multiple variant="separated" defaultValue={isPendingOnly ? sections : []}>
      {types.map((type) => (
        <Accordion.Item key={type.id} value={String(type.id)}>
          <Accordion.Control>
            <Group gap="xs">
              {type.name}
              <Badge variant="default">{rowCount(list, type)}</Badge>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <TypeTable type={type} rows={list.relations[String(type.id)] ?? []} />
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

function TypeTable({ type, rows }: { type: RelationTypeWire; rows: unknown[] }) {
  if (isInstitutionType(type))
    return <InstitutionTable type={type} rows={rows as InstitutionRow[]} />;
  if (!isPublicationLike(type)) return <PersonTable type={type} rows={rows as PersonRow[]} />;
  return (
    <>
      <PublicationTable type={type} rows={rows as PublicationRow[]} />
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

// A table of relations as the decision pages list them (docs/product.md, "Relation
// decisions"): number, type, title, people with their answers, overall status, and a link to
// each relation's log. Shared by /admin/relations and an account's page (/admin/users/:id).
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DecisionRelation } from '@recuse/common';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { paths } from '../../../app/paths.ts';

const statusWords: Record<number, string> = {
  0: 'inactive',
  1: 'accepted',
  2: 'deleted',
  3: 'pending',
  4: 'disputed',
};

/** 'Ada Lovelace (creator); Alan Turing: pending' */
export function peopleText(relation: DecisionRelation): string {
  return [
    `${relation.creator.name} (creator)`,
    ...relation.parties.map(
      (party) => `${party.name}: ${statusWords[party.status] ?? String(party.status)}`,
    ),
  ].join('; ');
}

type DecisionRelationsTableProps = {
  relations: DecisionRelation[];
  /** The table's accessible name. */
  label: string;
};

export function DecisionRelationsTable({ relations, label }: DecisionRelationsTableProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table aria-label={label} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Title</Table.Th>
            <Table.Th>People</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {relations.map((relation) => (
            <Table.Tr key={relation.id}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={paths.adminRelation.href(relation.id)}
                  aria-label={`Open the log of relation ${relation.id}`}
                >
                  {relation.id}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {relation.typeName}
                {relation.isDblpImported && (
                  <Text span c="dimmed" fz="sm">
                    {' '}
                    (DBLP)
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{relation.title}</Table.Td>
              <Table.Td>{peopleText(relation)}</Table.Td>
              <Table.Td>
                <StatusBadge status={relation.status} />
              </Table.Td>
              <Table.Td>
                {new Date(relation.createdAt).toLocaleDateString('en-GB', { dateStyle: 'medium' })}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

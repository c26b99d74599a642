// The generated conflict list (docs/api-conflicts.md: conflict persons, institutional conflicts):
// people and institutions in two groups with their counts; each opens to its reasons, every reason
// linking to the relation behind it. Provisional conflicts carry a 'Provisional' badge.
import { useState } from 'react';
import type { ReactNode } from 'react';
import {
  Accordion,
  Anchor,
  Badge,
  Button,
  Group,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { Link } from 'react-router';
import type {
  ConflictPersonWire,
  ConflictReasonWire,
  InstitutionConflictWire,
  InstitutionReasonWire,
} from '@recuse/common';
import type { ConflictList as ConflictListData } from '../api/generate-conflict-list.ts';
import { formatReasonDates, provisionalExplanation } from '../../../lib/reason-format.ts';
import { paths } from '../../../app/paths.ts';

/** The page hands in the relations feature's status badge, so the features stay apart. */
export type RenderStatus = (status: number) => ReactNode;

/** People open one page at a time: thousands of rows at once would slow every keystroke. */
export const peoplePageSize = 100;

type ConflictListProps = {
  list: ConflictListData;
  renderStatus: RenderStatus;
  pageSize?: number;
};

export function ConflictList({ list, renderStatus, pageSize = peoplePageSize }: ConflictListProps) {
  if (list.people.length === 0 && list.institutions.length === 0) {
    return <Text>No conflicts under the selected rules.</Text>;
  }
  return (
    <Stack gap="lg">
      <PeopleGroup people={list.people} renderStatus={renderStatus} pageSize={pageSize} />
      <InstitutionsGroup institutions={list.institutions} renderStatus={renderStatus} />
    </Stack>
  );
}

function ProvisionalBadge({ statuses }: { statuses: readonly number[] }) {
  return (
    <Tooltip label={provisionalExplanation(statuses)} multiline w={280} withArrow>
      <Badge color="yellow.4" variant="filled" autoContrast>
        Provisional
      </Badge>
    </Tooltip>
  );
}

function PeopleGroup({
  people,
  renderStatus,
  pageSize,
}: {
  people: ConflictPersonWire[];
  renderStatus: RenderStatus;
  pageSize: number;
}) {
  const [shownCount, setShownCount] = useState(pageSize);
  return (
    <section aria-labelledby="conflict-people-heading">
      <Title order={2} fz="h3" id="conflict-people-heading" mb="xs">
        People ({people.length})
      </Title>
      {people.length === 0 ? (
        <Text c="dimmed">No people.</Text>
      ) : (
        <Accordion multiple variant="separated" keepMounted={false} order={3}>
          {people.slice(0, shownCount).map((person) => (
            <Accordion.Item key={person.id} value={String(person.id)}>
              <Accordion.Control>
                <Group gap="xs">
                  <Text fw={500}>{person.name}</Text>
                  {person.affiliation && <Text c="dimmed">({person.affiliation})</Text>}
                  {person.is_provisional && (
                    <ProvisionalBadge statuses={person.reason.map((reason) => reason.status)} />
                  )}
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <ReasonTable reasons={person.reason} renderStatus={renderStatus} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      {people.length > shownCount && (
        <Button variant="default" mt="sm" onClick={() => setShownCount(shownCount + pageSize)}>
          {`Show more people (${(people.length - shownCount).toLocaleString('en-US')} not shown yet)`}
        </Button>
      )}
    </section>
  );
}

function InstitutionsGroup({
  institutions,
  renderStatus,
}: {
  institutions: InstitutionConflictWire[];
  renderStatus: RenderStatus;
}) {
  return (
    <section aria-labelledby="conflict-institutions-heading">
      <Title order={2} fz="h3" id="conflict-institutions-heading" mb="xs">
        Institutions ({institutions.length})
      </Title>
      {institutions.length === 0 ? (
        <Text c="dimmed">No institutions.</Text>
      ) : (
        <Accordion multiple variant="separated" keepMounted={false} order={3}>
          {institutions.map((institution) => (
            <Accordion.Item
              key={institution.institution_id}
              value={String(institution.institution_id)}
            >
              <Accordion.Control>
                <Group gap="xs">
                  <Text fw={500}>{institution.institution_name}</Text>
                  <Text c="dimmed">
                    {[institution.type_of_position, institution.years].filter(Boolean).join(', ')}
                  </Text>
                  {institution.is_provisional && (
                    <ProvisionalBadge
                      statuses={institution.reason.map((reason) => reason.status)}
                    />
                  )}
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <ReasonTable reasons={institution.reason} renderStatus={renderStatus} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </section>
  );
}

type AnyReason = ConflictReasonWire | InstitutionReasonWire;

function reasonTitle(reason: AnyReason): string {
  return 'type_of_position' in reason ? reason.type_of_position : (reason.title ?? '');
}

export function ReasonTable({
  reasons,
  renderStatus,
}: {
  reasons: readonly AnyReason[];
  renderStatus: RenderStatus;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Rule</Table.Th>
            <Table.Th>Relation type</Table.Th>
            <Table.Th>Title</Table.Th>
            <Table.Th>Dates</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Relation</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reasons.map((reason, index) => (
            <Table.Tr
              key={`${reason.rule_value}-${reason.relation_id ?? reason.affiliation_id ?? index}`}
            >
              <Table.Td>{reason.rule_title}</Table.Td>
              <Table.Td>{reason.relation_type_name}</Table.Td>
              <Table.Td>
                {reasonTitle(reason)}
                {reason.is_intern && (
                  <Badge ml="xs" variant="default">
                    Intern
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{formatReasonDates(reason)}</Table.Td>
              <Table.Td>{renderStatus(reason.status)}</Table.Td>
              <Table.Td>
                {reason.relation_id !== null && (
                  <Anchor
                    component={Link}
                    to={paths.relation.href(reason.relation_id, reason.relation_type_id)}
                  >
                    View relation {reason.relation_id}
                  </Anchor>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

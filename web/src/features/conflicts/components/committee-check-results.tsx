// The answer of a committee check (committee-check.tsx): a count, then a table of every line
// pasted with its outcome and the reasons. A chunk of its own, with the reason tables: fetched
// when Check is pressed, so the conflicts page first loads without it (docs/benchmarks.md,
// "Web assets").
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { CommitteeCheckOutcome, CommitteeCheckReply, CommitteeCheckRow } from '@recuse/common';
import type { RenderStatus } from './conflict-list.tsx';
import { ReasonTable } from './conflict-list.tsx';

// Shades that keep a 4.5:1 contrast with their text (as the status badges).
const outcomes: Record<CommitteeCheckOutcome, { label: string; color: string }> = {
  conflict: { label: 'Conflict', color: 'red.9' },
  provisional: { label: 'Provisional conflict', color: 'yellow.4' },
  no_conflict: { label: 'No conflict', color: 'green.8' },
  ambiguous: { label: 'Several people', color: 'blue.8' },
  not_found: { label: 'Not found', color: 'gray.7' },
};

function explanation(row: CommitteeCheckRow): string {
  const how = row.matched_by === 'email' ? 'by e-mail address' : 'by name';
  switch (row.outcome) {
    case 'conflict':
      return `You conflict with ${row.people[0]!.name} (found ${how}).`;
    case 'provisional':
      return `Provisional conflict with ${row.people[0]!.name} (found ${how}): every reason is a relation not yet confirmed by everyone on it.`;
    case 'no_conflict':
      return `${row.people[0]!.name} (found ${how}) is on your relations, but none counts under the selected rules.`;
    case 'ambiguous':
      return `${row.people.length} people you have relations with have this name. Check which one is meant:`;
    case 'not_found':
      return 'Nobody you have relations with has this e-mail address or name. Names are matched in full: initials are not guessed.';
  }
}

export function CommitteeCheckResults({
  reply,
  renderStatus,
}: {
  reply: CommitteeCheckReply;
  renderStatus: RenderStatus;
}) {
  return (
    <Stack gap="sm" mt="md">
      <Text role="status">
        {`${reply.counts.lines} ${reply.counts.lines === 1 ? 'line' : 'lines'} checked under ${reply.conference.label}: ${reply.counts.conflicts} conflicts, ${reply.counts.provisional} provisional, ${reply.counts.ambiguous} with several people of that name, ${reply.counts.not_found} not found.`}
      </Text>
      <Table.ScrollContainer minWidth={320}>
        <Table aria-label="Committee check" verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>As pasted</Table.Th>
              <Table.Th>Result</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {reply.rows.map((row) => (
              <Table.Tr key={row.line}>
                <Table.Td valign="top">{row.line}</Table.Td>
                <Table.Td valign="top" style={{ overflowWrap: 'anywhere' }}>
                  {row.text}
                </Table.Td>
                <Table.Td>
                  <Stack gap={6}>
                    <Group gap="xs">
                      <Badge
                        color={outcomes[row.outcome].color}
                        variant="filled"
                        autoContrast
                        miw="max-content"
                      >
                        {outcomes[row.outcome].label}
                      </Badge>
                    </Group>
                    <Text size="sm">{explanation(row)}</Text>
                    {row.people.map((person) =>
                      row.outcome === 'ambiguous' ? (
                        <Stack key={person.id} gap={4}>
                          <Text size="sm" fw={500}>
                            {`${person.name}${person.affiliation ? ` (${person.affiliation})` : ''}: ${person.is_conflict ? (person.is_provisional ? 'provisional conflict' : 'conflict') : 'no conflict under these rules'}`}
                          </Text>
                          {person.reason.length > 0 && (
                            <ReasonTable reasons={person.reason} renderStatus={renderStatus} />
                          )}
                        </Stack>
                      ) : person.reason.length > 0 ? (
                        <ReasonTable
                          key={person.id}
                          reasons={person.reason}
                          renderStatus={renderStatus}
                        />
                      ) : null,
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

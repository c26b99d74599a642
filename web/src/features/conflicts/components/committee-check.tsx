// "My conflicts with this committee" (docs/conflicts.md, "Checking a committee"): the researcher
// pastes a committee, one person a line, and sees for each line, under the conference and rules
// ticked above, whether they conflict with that person and why. The answer is shown only for the
// selection and text it was made with: changing either hides it until Check is pressed again.
import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { maxCommitteeLines } from '@recuse/common';
import type { CommitteeCheckOutcome, CommitteeCheckRow } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import type { FormFields } from '../../../lib/api-client.ts';
import { checkCommittee } from '../api/check-committee.ts';
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

export function CommitteeCheck({
  selection,
  renderStatus,
}: {
  /** The rule selection as the list call sends it; a new one hides the answer. */
  selection: FormFields;
  renderStatus: RenderStatus;
}) {
  const [people, setPeople] = useState('');
  const check = useMutation({
    mutationFn: (input: { selection: FormFields; people: string }) =>
      checkCommittee(input.selection, input.people),
  });
  const isCurrent =
    check.variables?.people === people &&
    JSON.stringify(check.variables.selection) === JSON.stringify(selection);
  const result = isCurrent ? check.data : undefined;
  const reply = result?.ok ? result.reply : undefined;
  const fieldError = result && !result.ok ? result.errors.people?.join(' ') : undefined;

  return (
    <section aria-labelledby="committee-check-heading">
      <Title order={2} fz="h3" id="committee-check-heading" mb="xs">
        My conflicts with this committee
      </Title>
      <Text mb="sm" maw={760}>
        Paste a programme committee as it is listed on the conference&apos;s page, one person a
        line: a name, an e-mail address, or both (&lsquo;Ada Lovelace (ETH Zurich)&rsquo;,
        &lsquo;Lovelace, Ada&rsquo;, &lsquo;ada@example.org&rsquo;). Each line is compared with the
        people you have relations with, under the conference and rules ticked above.
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          check.mutate({ selection, people });
        }}
      >
        <Stack gap="sm" maw={760}>
          <Textarea
            label="Committee members"
            description={`One person a line, at most ${maxCommitteeLines} lines.`}
            value={people}
            onChange={(event) => setPeople(event.currentTarget.value)}
            autosize
            minRows={4}
            maxRows={14}
            error={fieldError}
          />
          <Group>
            <Button type="submit" loading={check.isPending}>
              Check the committee
            </Button>
          </Group>
        </Stack>
      </form>
      {result && !result.ok && !fieldError && (
        <ErrorAlert message={result.message} errors={result.errors} />
      )}
      {reply && (
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
      )}
    </section>
  );
}

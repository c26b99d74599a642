// Each person's last DBLP refresh (docs/dblp.md, "Following DBLP operations"): the registered
// people holding a DBLP pid, searchable by name, pid or address, never-crawled first; "Crawl
// now" puts a crawl of one of them first in the queue (the crawler still keeps the host's pace).
import { useState } from 'react';
import { Button, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { ActionOutcome } from '../../../components/action-outcome.tsx';
import { useAction } from '../../../lib/use-action.ts';
import {
  crawlNow,
  dblpOperationsQueryKey,
  dblpPeopleQueryKey,
  useDblpPeople,
} from '../api/dblp-status.ts';
import { formatWhen } from './format.ts';
import { ScrollTable } from './scroll-table.tsx';

export function DblpPeoplePanel() {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 300);
  const people = useDblpPeople(search);
  const action = useAction<number>();

  function crawl(person: { id: number; name: string }) {
    return action.run(person.id, () => crawlNow(person.id), {
      onDone: ({ wasQueued }) =>
        action.setSuccess(
          wasQueued
            ? `A crawl of ${person.name} was already waiting: it is now first in line.`
            : `A crawl of ${person.name} is queued, first in line.`,
        ),
      onAnswered: async () => {
        await queryClient.invalidateQueries({ queryKey: dblpOperationsQueryKey });
        await queryClient.invalidateQueries({ queryKey: dblpPeopleQueryKey });
      },
    });
  }

  return (
    <Stack gap="sm">
      <TextInput
        label="Search people"
        description="By name, DBLP pid or e-mail address"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maxLength={200}
        maw={420}
      />
      <ActionOutcome success={action.success} failure={action.failure} />
      {people.isError ? (
        <ErrorAlert message={people.error.message || messages.couldNotFetch} />
      ) : !people.data ? (
        <Loader size="sm" aria-label="Loading people" />
      ) : people.data.people.length === 0 ? (
        <Text>Nobody with a DBLP profile matches.</Text>
      ) : (
        <>
          <ScrollTable label="People with a DBLP profile" minWidth={720}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Person</Table.Th>
                  <Table.Th>DBLP pid</Table.Th>
                  <Table.Th>Last refresh</Table.Th>
                  <Table.Th>Next refresh due</Table.Th>
                  <Table.Th>Last problem</Table.Th>
                  <Table.Th>Crawl</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {people.data.people.map((person) => (
                  <Table.Tr key={person.id}>
                    <Table.Td>
                      {person.name}
                      <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {person.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{person.pid}</Table.Td>
                    <Table.Td>{formatWhen(person.crawledAt)}</Table.Td>
                    <Table.Td>{formatWhen(person.crawlDueAt, 'when first crawled')}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {person.lastError ?? ''}
                    </Table.Td>
                    <Table.Td>
                      {person.crawl ? (
                        <Text fz="sm">{person.crawl === 'running' ? 'Running' : 'Queued'}</Text>
                      ) : null}
                      <Button
                        size="xs"
                        variant="outline"
                        loading={action.busy === person.id}
                        aria-label={`Crawl ${person.name} now`}
                        onClick={() => void crawl(person)}
                      >
                        Crawl now
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          {people.data.isTruncated && (
            <Text fz="sm">More people match than are shown: narrow the search.</Text>
          )}
        </>
      )}
    </Stack>
  );
}

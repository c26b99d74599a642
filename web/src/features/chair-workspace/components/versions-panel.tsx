// Versions of the matrix and what appeared, disappeared or changed since HotCRP's file was last
// downloaded (docs/api-conflicts.md, "Versions and changes"); the chair recomputes on demand.
import { Alert, Button, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { MatrixChange, VersionPair } from '@recuse/common';
import { messages } from '@recuse/common';
import { useAction } from '../../../lib/use-action.ts';
import { recompute, useChanges, useVersions, workspaceQueryKey } from '../api/workspace.ts';
import { conflictTypeLabels } from '../reason-text.ts';
import { ScrollRegion } from './scroll-region.tsx';

function pairWords(pair: VersionPair | null): string {
  if (!pair) return '—';
  const words = [
    pair.action === 'clearconflict' ? 'no conflict' : conflictTypeLabels[pair.conflict ?? 'other'],
  ];
  if (pair.is_pinned) words.push('pinned');
  if (pair.is_provisional) words.push('provisional');
  return words.join(', ');
}

export function VersionsPanel({ confid }: { confid: string }) {
  const queryClient = useQueryClient();
  const changes = useChanges(confid);
  const versions = useVersions(confid);
  const action = useAction<'recompute'>();
  function runRecompute() {
    return action.run('recompute', () => recompute(confid), {
      onDone: async ({ message, version }) => {
        action.setSuccess(
          message === 'RECOMPUTED'
            ? `Stored as version ${version?.number}.`
            : 'Nothing changed since the newest version.',
        );
        await queryClient.invalidateQueries({ queryKey: workspaceQueryKey(confid) });
      },
      failureMessage: messages.couldNotFetch,
    });
  }
  const data = changes.data;
  return (
    <Stack gap="lg">
      <section aria-labelledby="changes-heading">
        <Title order={2} fz="h3" id="changes-heading" mb="xs">
          Changes since the last export
        </Title>
        <Group mb="sm">
          <Button
            variant="default"
            loading={action.busy !== null}
            onClick={() => void runRecompute()}
          >
            Recompute and store a version
          </Button>
          <div role="status">{action.success && <Text>{action.success}</Text>}</div>
        </Group>
        {action.failure && (
          <Alert color="red" role="alert">
            {action.failure.message}
          </Alert>
        )}
        {changes.isError && <Alert color="red">{messages.couldNotFetch}</Alert>}
        {data && (
          <>
            <Text mb="sm">
              {data.since
                ? `Compared with version ${data.since.number}, exported ${new Date(data.since.exported_at ?? data.since.created_at).toLocaleString()}.`
                : 'HotCRP’s file has not been downloaded yet: everything has appeared.'}
            </Text>
            <ChangeTable id="appeared" title="Appeared" changes={data.appeared} />
            <ChangeTable id="disappeared" title="Disappeared" changes={data.disappeared} />
            <ChangeTable id="changed" title="Changed" changes={data.changed} />
          </>
        )}
      </section>
      <section aria-labelledby="versions-heading">
        <Title order={2} fz="h3" id="versions-heading" mb="xs">
          Versions
        </Title>
        {versions.data && versions.data.versions.length === 0 && (
          <Text>No version stored yet.</Text>
        )}
        <List>
          {versions.data?.versions.map((version) => (
            <List.Item key={version.number}>
              Version {version.number} ({version.cause},{' '}
              {new Date(version.created_at).toLocaleString()}
              ): {version.pairs} lines
              {version.exported_at &&
                `, exported ${new Date(version.exported_at).toLocaleString()}`}
            </List.Item>
          ))}
        </List>
      </section>
    </Stack>
  );
}

function ChangeTable({
  id,
  title,
  changes,
}: {
  id: string;
  title: string;
  changes: MatrixChange[];
}) {
  return (
    <section aria-labelledby={`changes-${id}-heading`}>
      <Title order={3} fz="h4" id={`changes-${id}-heading`} mb="xs" mt="sm">
        {title} ({changes.length})
      </Title>
      {changes.length > 0 && (
        <ScrollRegion label={`${title}, scrolls sideways`} minWidth={560}>
          <Table withTableBorder aria-labelledby={`changes-${id}-heading`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Paper</Table.Th>
                <Table.Th scope="col">Member</Table.Th>
                <Table.Th scope="col">Before</Table.Th>
                <Table.Th scope="col">Now</Table.Th>
                <Table.Th scope="col">HotCRP assignments</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {changes.map((change) => (
                <Table.Tr key={`${change.paper} ${change.member_email}`}>
                  <Table.Td>
                    {change.paper}: {change.title}
                  </Table.Td>
                  <Table.Td>{change.member_email}</Table.Td>
                  <Table.Td>{pairWords(change.before)}</Table.Td>
                  <Table.Td>{pairWords(change.after)}</Table.Td>
                  <Table.Td>
                    {change.assignments.map((assignment) => assignment.action).join(', ') || '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
    </section>
  );
}

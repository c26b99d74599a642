// The profile's DBLP section (docs/dblp.md, "Following DBLP operations"): when the account's
// DBLP publications were last fetched, what came in, why the last fetch failed if it did, and
// "Refresh now". Refreshing only queues a crawl, first in line: the crawler fetches it at the
// pace DBLP allows, and one account may ask once per ten minutes.
import { useState } from 'react';
import { Alert, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { ownDblpStatusQueryKey, refreshOwnDblp, useOwnDblpStatus } from '../api/dblp-status.ts';
import { useAction } from '../../../lib/use-action.ts';
import { formatCount, formatWhen } from './format.ts';

const plural = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

export function OwnDblpStatus() {
  const queryClient = useQueryClient();
  const status = useOwnDblpStatus();
  const action = useAction<'refresh'>();
  /** The last fetch's time when Refresh now was pressed: the news holds until it changes. */
  const [refreshedFrom, setRefreshedFrom] = useState<string | null | undefined>(undefined);

  // Accounts without a confirmed DBLP profile have nothing to show here.
  if (!status.data?.pid) return null;
  const data = status.data;

  function refresh() {
    setRefreshedFrom(undefined);
    return action.run('refresh', refreshOwnDblp, {
      onDone: () => setRefreshedFrom(data.crawledAt),
      describeRefusal: (refused) =>
        refused.status === 429
          ? `You can refresh once every ${data.refreshIntervalMinutes} minutes. Please try again later.`
          : refused.message || messages.somethingWentWrong,
      failureMessage: messages.somethingWentWrong,
      onAnswered: () => queryClient.invalidateQueries({ queryKey: ownDblpStatusQueryKey }),
    });
  }

  const waitUntil = data.nextRefreshAt;
  return (
    <Card withBorder component="section" aria-labelledby="own-dblp-heading">
      <Stack gap="xs">
        <Title order={2} fz="h4" id="own-dblp-heading">
          Publications from DBLP
        </Title>
        <Text fz="sm">
          Last fetched: {formatWhen(data.crawledAt, 'not yet')}
          {data.crawlDueAt && data.crawledAt
            ? ` · next regular refresh ${formatWhen(data.crawlDueAt)}`
            : ''}
        </Text>
        {data.crawledAt && (
          <List size="sm" aria-label="What came in from DBLP">
            <List.Item>{plural(data.counts.publications, 'publication', 'publications')}</List.Item>
            <List.Item>{plural(data.counts.coauthors, 'co-author', 'co-authors')}</List.Item>
            <List.Item>
              {plural(
                data.counts.importedRelations,
                'imported co-authorship relation',
                'imported co-authorship relations',
              )}
            </List.Item>
          </List>
        )}
        {data.lastError && (
          <Alert color="red" variant="light" title="The last fetch failed">
            <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {data.lastError}
            </Text>
          </Alert>
        )}
        <div aria-live="polite">
          {data.crawl && (
            <Text fz="sm" role="status">
              {data.crawl === 'running'
                ? 'Fetching your DBLP publications now…'
                : 'A refresh is waiting its turn.'}
            </Text>
          )}
          {refreshedFrom !== undefined && !data.crawl && refreshedFrom === data.crawledAt && (
            <Text fz="sm" role="status">
              Your DBLP publications will be fetched shortly; this section updates when they are in.
            </Text>
          )}
          {action.failure && <ErrorAlert message={action.failure.message} />}
        </div>
        <Group gap="sm" align="center">
          <Button
            size="sm"
            variant="outline"
            loading={action.busy !== null}
            onClick={() => void refresh()}
          >
            Refresh now
          </Button>
          {waitUntil && (
            <Text fz="sm" c="dimmed">
              Next refresh possible from {formatWhen(waitUntil)}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

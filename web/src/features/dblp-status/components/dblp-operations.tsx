// The administrators' DBLP operations (docs/dblp.md, "Following DBLP operations"): the dump
// imports with their progress and summaries, the crawl queue and its next items, each host's
// next allowed time, and recent failures with their causes. The page looks again every few
// seconds while an import runs or crawls wait.
import { Badge, Group, Loader, Progress, Stack, Table, Text, Title } from '@mantine/core';
import type { DblpImportRun, DblpOperations } from '@recuse/common';
import { messages } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useDblpOperations } from '../api/dblp-status.ts';
import { formatBytes, formatCount, formatWhen } from './format.ts';
import { ScrollTable } from './scroll-table.tsx';

const runStatus: Record<DblpImportRun['status'], { label: string; color: string }> = {
  running: { label: 'Running', color: 'blue.8' },
  done: { label: 'Done', color: 'green.9' },
  'already-imported': { label: 'Already imported', color: 'gray.8' },
  failed: { label: 'Failed', color: 'red.9' },
  interrupted: { label: 'Interrupted', color: 'orange.9' },
};

/** How far a run has come, in words and as a share of its phase. */
function runProgress(run: DblpImportRun): { text: string; percent: number } {
  if (run.phase === 'records') {
    const percent = run.sourceSize > 0 ? (100 * run.bytesRead) / run.sourceSize : 0;
    return {
      text: `Reading records: ${formatBytes(run.bytesRead)} of ${formatBytes(run.sourceSize)}, ${formatCount(run.recordsRead)} records`,
      percent,
    };
  }
  const percent = run.phaseTotal > 0 ? (100 * run.phaseDone) / run.phaseTotal : 0;
  const what = run.phase === 'people' ? 'Resolving authors' : 'Syncing relations';
  return {
    text: `${what}: publication ids up to ${formatCount(run.phaseDone)} of ${formatCount(run.phaseTotal)}`,
    percent,
  };
}

function ImportRuns({ imports }: { imports: DblpOperations['imports'] }) {
  if (imports.length === 0) {
    return <Text>No dump has been imported yet (npm run dblp:import -- PATH).</Text>;
  }
  return (
    <Stack gap="sm">
      {imports.map((run) => {
        const status = runStatus[run.status];
        const fileName = run.sourcePath.split('/').at(-1) ?? run.sourcePath;
        const headingId = `import-run-${run.id}`;
        const progress = run.status === 'running' ? runProgress(run) : null;
        return (
          <article key={run.id} aria-labelledby={headingId}>
            <Group gap="xs" wrap="wrap">
              <Title order={3} fz="md" id={headingId} style={{ overflowWrap: 'anywhere' }}>
                {fileName}
              </Title>
              <Badge color={status.color} miw="max-content">
                {status.label}
              </Badge>
            </Group>
            <Text fz="sm">
              Started {formatWhen(run.startedAt)}
              {run.finishedAt ? `, finished ${formatWhen(run.finishedAt)}` : ''} ·{' '}
              {formatBytes(run.sourceSize)}
            </Text>
            {progress && (
              <>
                <Text fz="sm">
                  {progress.text} (last news {formatWhen(run.updatedAt)})
                </Text>
                <Progress
                  value={progress.percent}
                  aria-label={`Progress of the import of ${fileName}`}
                  mt={4}
                />
              </>
            )}
            {run.status === 'done' && (
              <Text fz="sm">
                {formatCount(run.recordsRead)} records: {formatCount(run.publications)}{' '}
                publications, {formatCount(run.people)} people, {formatCount(run.redirects)}{' '}
                redirects, {formatCount(run.skipped)} skipped, {formatCount(run.warnings)} warnings;{' '}
                {formatCount(run.authorsResolved)} authors resolved,{' '}
                {formatCount(run.relationsCreated)} relations created.
              </Text>
            )}
            {run.status === 'interrupted' && (
              <Text fz="sm">
                No news since {formatWhen(run.updatedAt)}, in the {run.phase} phase: the import was
                stopped before it ended. Running the same command again resumes it.
              </Text>
            )}
            {run.status === 'already-imported' && (
              <Text fz="sm">This very file was imported before: nothing to do.</Text>
            )}
            {run.error && (
              <Text fz="sm" c="red.9">
                Failed in the {run.phase} phase: {run.error}
              </Text>
            )}
          </article>
        );
      })}
    </Stack>
  );
}

function CrawlQueue({ queue }: { queue: DblpOperations['queue'] }) {
  return (
    <Stack gap="xs">
      <Text>
        {formatCount(queue.waiting)} {queue.waiting === 1 ? 'crawl waits' : 'crawls wait'},{' '}
        {formatCount(queue.running)} running.
      </Text>
      {queue.next.length > 0 && (
        <ScrollTable label="The next crawls" minWidth={560}>
          <Table striped>
            <Table.Caption>The next crawls, in the order the crawler takes them</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Person</Table.Th>
                <Table.Th>DBLP pid</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th>Previous attempt</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {queue.next.map((item) => (
                <Table.Tr key={item.jobId}>
                  <Table.Td>{item.person?.name ?? 'nobody (account gone)'}</Table.Td>
                  <Table.Td>{item.person?.pid ?? ''}</Table.Td>
                  <Table.Td>{item.status === 'running' ? 'Running' : 'Waiting'}</Table.Td>
                  <Table.Td>{formatWhen(item.runAt)}</Table.Td>
                  <Table.Td>
                    {item.attempts === 0
                      ? 'none yet'
                      : `attempt ${item.attempts} of ${item.maxAttempts}${item.lastError ? `: ${item.lastError}` : ''}`}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}

function CrawlHosts({ hosts }: { hosts: DblpOperations['hosts'] }) {
  if (hosts.length === 0) return <Text>No DBLP host has been asked yet.</Text>;
  return (
    <ScrollTable label="DBLP hosts table" minWidth={420}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Host</Table.Th>
            <Table.Th>Next request allowed</Table.Th>
            <Table.Th>Failures in a row</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {hosts.map((host) => (
            <Table.Tr key={host.host}>
              <Table.Td>{host.host}</Table.Td>
              <Table.Td>{host.mayAskNow ? 'now' : formatWhen(host.nextAllowedAt)}</Table.Td>
              <Table.Td>{host.failureCount}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function CrawlFailures({ data }: { data: DblpOperations }) {
  if (data.failures.length === 0 && data.failedJobs.length === 0) {
    return <Text>No crawl has failed lately.</Text>;
  }
  return (
    <Stack gap="sm">
      {data.failures.length > 0 && (
        <ScrollTable label="People whose last fetch failed" minWidth={560}>
          <Table striped>
            <Table.Caption>People whose last fetch failed, newest first</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Person</Table.Th>
                <Table.Th>DBLP pid</Table.Th>
                <Table.Th>Cause</Table.Th>
                <Table.Th>When</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.failures.map((failure) => (
                <Table.Tr key={failure.person.id}>
                  <Table.Td>{failure.person.name}</Table.Td>
                  <Table.Td>{failure.person.pid}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{failure.cause}</Table.Td>
                  <Table.Td>{formatWhen(failure.at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {data.failedJobs.length > 0 && (
        <ScrollTable label="Crawls that gave up" minWidth={560}>
          <Table striped>
            <Table.Caption>Crawls that gave up after their last attempt</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Person</Table.Th>
                <Table.Th>Attempts</Table.Th>
                <Table.Th>Last error</Table.Th>
                <Table.Th>When</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.failedJobs.map((job) => (
                <Table.Tr key={job.jobId}>
                  <Table.Td>{job.person?.name ?? 'nobody (account gone)'}</Table.Td>
                  <Table.Td>{job.attempts}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{job.lastError ?? ''}</Table.Td>
                  <Table.Td>{formatWhen(job.at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}

export function DblpOperationsPanel() {
  const operations = useDblpOperations();
  if (operations.isError) {
    return <ErrorAlert message={operations.error.message || messages.couldNotFetch} />;
  }
  if (!operations.data) return <Loader size="sm" aria-label="Loading DBLP operations" />;
  const data = operations.data;
  const sections = [
    { id: 'dblp-imports', title: 'Dump imports', body: <ImportRuns imports={data.imports} /> },
    { id: 'dblp-queue', title: 'Crawl queue', body: <CrawlQueue queue={data.queue} /> },
    { id: 'dblp-hosts', title: 'DBLP hosts', body: <CrawlHosts hosts={data.hosts} /> },
    { id: 'dblp-failures', title: 'Recent failures', body: <CrawlFailures data={data} /> },
  ];
  return (
    <Stack gap="xl">
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id}>
          <Title order={2} fz="h3" id={section.id} mb="xs">
            {section.title}
          </Title>
          {section.body}
        </section>
      ))}
    </Stack>
  );
}

// The audit of HotCRP's declared conflicts (docs/api-conflicts.md, "Audit of declared
// conflicts"): the chair uploads HotCRP's PC conflicts CSV and reads what Recuse finds that was
// not declared (missed) and what was declared that nothing explains (unsupported), with the
// evidence; a later run says what changed since the first; each run downloads as CSV.
import { useState } from 'react';
import { Alert, Button, FileInput, List, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { AuditItem, AuditRun } from '@recuse/common';
import { messages } from '@recuse/common';
import { useAction } from '../../../lib/use-action.ts';
import { runAudit, saveWorkspaceFile, useAuditRuns, workspaceQueryKey } from '../api/workspace.ts';
import { conflictTypeLabels } from '../reason-text.ts';
import { FileProblems } from './file-problems.tsx';
import { ScrollRegion } from './scroll-region.tsx';

export function AuditPanel({ confid }: { confid: string }) {
  const queryClient = useQueryClient();
  const runs = useAuditRuns(confid);
  const [run, setRun] = useState<AuditRun | null>(null);
  const auditing = useAction<'upload'>();
  const downloading = useAction<'download'>();

  function upload(file: File | null) {
    if (!file) return;
    return auditing.run('upload', async () => runAudit(confid, await file.text()), {
      onDone: async (answer) => {
        setRun(answer.run);
        await queryClient.invalidateQueries({ queryKey: [...workspaceQueryKey(confid), 'audits'] });
      },
      failureMessage: messages.couldNotFetch,
    });
  }
  function download(number: number) {
    return downloading.run('download', () => saveWorkspaceFile(confid, 'audit', `?run=${number}`), {
      onDone: () => undefined,
    });
  }

  return (
    <Stack gap="lg">
      <section aria-labelledby="audit-heading">
        <Title order={2} fz="h3" id="audit-heading" mb="xs">
          Audit of HotCRP's declared conflicts
        </Title>
        <FileInput
          label="Upload HotCRP's PC conflicts file"
          description="paper, title, given_name, family_name, email, conflicttype"
          accept=".csv,text/csv"
          clearable={false}
          disabled={auditing.busy !== null}
          onChange={(file) => void upload(file)}
          maw={480}
        />
        <FileProblems title="The file was not audited" failure={auditing.failure} />
        {downloading.failure && (
          <Alert color="red" role="alert" mt="xs">
            {downloading.failure.message}
          </Alert>
        )}
      </section>
      <div role="status">
        {run && (
          <Text fw={600}>
            Audit {run.number}: {run.counts.declared} declared, {run.counts.explained} explained,{' '}
            {run.counts.missed} missed, {run.counts.unsupported} unsupported.
          </Text>
        )}
      </div>
      {run && (
        <>
          <Button variant="default" w="fit-content" onClick={() => void download(run.number)}>
            Download audit {run.number} (CSV)
          </Button>
          {run.comparison && <Comparison run={run} />}
          <AuditList id="missed" title="Missed: found by Recuse, not declared" items={run.missed} />
          <AuditList
            id="unsupported"
            title="Unsupported: declared, nothing explains them"
            items={run.unsupported}
          />
        </>
      )}
      {runs.data && runs.data.runs.length > 0 && (
        <section aria-labelledby="audit-runs-heading">
          <Title order={3} fz="h4" id="audit-runs-heading" mb="xs">
            Earlier audits
          </Title>
          <List>
            {runs.data.runs.map((item) => (
              <List.Item key={item.number}>
                Audit {item.number} ({new Date(item.created_at).toLocaleString()}):{' '}
                {item.counts.missed} missed, {item.counts.unsupported} unsupported{' '}
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => void download(item.number)}
                  aria-label={`Download audit ${item.number} (CSV)`}
                >
                  CSV
                </Button>
              </List.Item>
            ))}
          </List>
        </section>
      )}
    </Stack>
  );
}

function Comparison({ run }: { run: AuditRun }) {
  const comparison = run.comparison!;
  const pairs = (items: ReadonlyArray<{ paper: number; member_email: string }>) =>
    items.length === 0
      ? 'none'
      : items.map((item) => `paper ${item.paper} / ${item.member_email}`).join('; ');
  return (
    <section aria-labelledby="audit-comparison-heading">
      <Title order={3} fz="h4" id="audit-comparison-heading" mb="xs">
        Since audit {comparison.with.number}
      </Title>
      <List fz="sm">
        <List.Item>Declared since: {pairs(comparison.declared_added)}</List.Item>
        <List.Item>No longer declared: {pairs(comparison.declared_removed)}</List.Item>
        <List.Item>Missed, resolved: {pairs(comparison.missed.resolved)}</List.Item>
        <List.Item>Missed, new: {pairs(comparison.missed.new)}</List.Item>
        <List.Item>Unsupported, resolved: {pairs(comparison.unsupported.resolved)}</List.Item>
        <List.Item>Unsupported, new: {pairs(comparison.unsupported.new)}</List.Item>
      </List>
    </section>
  );
}

function AuditList({ id, title, items }: { id: string; title: string; items: AuditItem[] }) {
  return (
    <section aria-labelledby={`audit-${id}-heading`}>
      <Title order={3} fz="h4" id={`audit-${id}-heading`} mb="xs">
        {title} ({items.length})
      </Title>
      {items.length === 0 ? (
        <Text>None.</Text>
      ) : (
        <ScrollRegion label={`${title}, scrolls sideways`} minWidth={640}>
          <Table withTableBorder striped aria-labelledby={`audit-${id}-heading`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Paper</Table.Th>
                <Table.Th scope="col">Member</Table.Th>
                <Table.Th scope="col">Declared</Table.Th>
                <Table.Th scope="col">Recuse</Table.Th>
                <Table.Th scope="col">Evidence</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={`${item.paper} ${item.member_email}`}>
                  <Table.Td>{item.paper}</Table.Td>
                  <Table.Td>
                    {item.member_name || item.member_email}
                    <Text fz="xs">{item.member_email}</Text>
                  </Table.Td>
                  <Table.Td>{item.declared ?? '—'}</Table.Td>
                  <Table.Td>
                    {item.hotcrp_conflict ? conflictTypeLabels[item.hotcrp_conflict] : '—'}
                    {item.is_provisional && ' (provisional)'}
                  </Table.Td>
                  <Table.Td>{item.evidence}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
    </section>
  );
}

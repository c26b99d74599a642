// The committee and the submissions as HotCRP writes them: a file input each, the counts of the
// answer (matched, ambiguous, unmatched), and the rows that need the chair: a name that matches
// people of ours but no address or DBLP profile, so nobody is tied to it by name alone.
import { FileInput, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { CommitteeRow, MatchCounts } from '@recuse/common';
import { messages } from '@recuse/common';
import type { SaveResult } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';
import {
  uploadCommittee,
  uploadSubmissions,
  useCommittee,
  useSubmissions,
  workspaceQueryKey,
} from '../api/workspace.ts';
import { FileProblems } from './file-problems.tsx';
import { ScrollRegion } from './scroll-region.tsx';

export function UploadsPanel({ confid }: { confid: string }) {
  const committee = useCommittee(confid);
  const submissions = useSubmissions(confid);
  return (
    <Stack gap="xl">
      <UploadSection
        confid={confid}
        id="committee"
        title="Program committee"
        hint="HotCRP's PC info CSV (given_name, family_name, email, affiliation; orcid and dblp read)."
        send={uploadCommittee}
        counts={committee.data?.counts}
        needsDecision={committee.data?.needs_decision ?? []}
      />
      <UploadSection
        confid={confid}
        id="submissions"
        title="Submissions"
        hint="HotCRP's authors CSV (paper, title, given_name, family_name, email, affiliation)."
        send={uploadSubmissions}
        counts={submissions.data?.counts}
        extra={submissions.data ? `${submissions.data.counts.submissions} submissions` : undefined}
        needsDecision={submissions.data?.needs_decision ?? []}
      />
    </Stack>
  );
}

function UploadSection({
  confid,
  id,
  title,
  hint,
  send,
  counts,
  extra,
  needsDecision,
}: {
  confid: string;
  id: string;
  title: string;
  hint: string;
  send: (confid: string, file: string) => Promise<SaveResult<unknown>>;
  counts: MatchCounts | undefined;
  extra?: string;
  needsDecision: Array<CommitteeRow & { paper?: number }>;
}) {
  const queryClient = useQueryClient();
  const action = useAction<'upload'>();
  function upload(file: File | null) {
    if (!file) return;
    return action.run('upload', async () => send(confid, await file.text()), {
      onDone: async () => {
        action.setSuccess(`${file.name} uploaded.`);
        await queryClient.invalidateQueries({ queryKey: workspaceQueryKey(confid) });
      },
      failureMessage: messages.couldNotFetch,
    });
  }
  return (
    <section aria-labelledby={`${id}-heading`}>
      <Title order={2} fz="h3" id={`${id}-heading`} mb="xs">
        {title}
      </Title>
      <FileInput
        label={`Upload the ${title.toLowerCase()} file`}
        description={hint}
        accept=".csv,text/csv"
        clearable={false}
        disabled={action.busy !== null}
        onChange={(file) => void upload(file)}
        maw={480}
      />
      <div role="status">{action.success && <Text mt="xs">{action.success}</Text>}</div>
      <FileProblems title="The file was not stored" failure={action.failure} />
      {counts && (
        <Group gap="lg" mt="sm" aria-label={`${title}: counts`} role="group">
          <Text>{counts.rows} rows</Text>
          {extra && <Text>{extra}</Text>}
          <Text>{counts.matched} matched</Text>
          <Text>{counts.ambiguous} ambiguous</Text>
          <Text>{counts.unmatched} not known to Recuse</Text>
        </Group>
      )}
      {needsDecision.length > 0 && (
        <>
          <Title order={3} fz="h4" mt="md" mb="xs">
            Rows that need a decision ({needsDecision.length})
          </Title>
          <Text fz="sm" mb="xs">
            Only a name matches these rows. Recuse ties nobody to a row by name alone: to pick one
            of the candidates, add their DBLP profile (the dblp column) or the address they use with
            Recuse to the file and upload it again; to leave the row, do nothing: it still counts
            through its address and affiliation.
          </Text>
          <ScrollRegion label="Rows that need a decision, scrolls sideways" minWidth={560}>
            <Table withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Line</Table.Th>
                  {needsDecision.some((row) => row.paper !== undefined) && (
                    <Table.Th scope="col">Paper</Table.Th>
                  )}
                  <Table.Th scope="col">Row</Table.Th>
                  <Table.Th scope="col">Candidates</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {needsDecision.map((row) => (
                  <Table.Tr key={`${row.paper ?? ''} ${row.line}`}>
                    <Table.Td>{row.line}</Table.Td>
                    {row.paper !== undefined && <Table.Td>{row.paper}</Table.Td>}
                    <Table.Td>
                      {[row.given_name, row.family_name].filter(Boolean).join(' ')}
                      {row.email && ` (${row.email})`}
                      {row.affiliation && `, ${row.affiliation}`}
                    </Table.Td>
                    <Table.Td>
                      <List fz="sm">
                        {row.candidates.map((candidate) => (
                          <List.Item key={candidate.id}>
                            {candidate.name}
                            {candidate.affiliation ? `, ${candidate.affiliation}` : ''}
                          </List.Item>
                        ))}
                      </List>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        </>
      )}
    </section>
  );
}

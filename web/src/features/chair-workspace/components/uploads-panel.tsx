// The committee and the submissions as HotCRP writes them: a file input each, the counts of the
// answer (matched, ambiguous, unmatched), and the rows that need the chair: a name that matches
// people of ours but no address or DBLP profile, so nobody is tied to it by name alone until the
// chair picks (MatchPicks).
import { FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { CommitteeRow, MatchCounts } from '@recuse/common';
import { messages } from '@recuse/common';
import type { SaveResult } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/use-action.ts';
import type { PickFile } from '../api/workspace.ts';
import {
  uploadCommittee,
  uploadSubmissions,
  useCommittee,
  useSubmissions,
  workspaceQueryKey,
} from '../api/workspace.ts';
import { FileProblems } from './file-problems.tsx';
import { MatchPicks } from './match-picks.tsx';

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
        rows={committee.data?.rows ?? []}
      />
      <UploadSection
        confid={confid}
        id="submissions"
        title="Submissions"
        hint="HotCRP's authors CSV (paper, title, given_name, family_name, email, affiliation)."
        send={uploadSubmissions}
        counts={submissions.data?.counts}
        extra={submissions.data ? `${submissions.data.counts.submissions} submissions` : undefined}
        rows={submissions.data?.rows ?? []}
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
  rows,
}: {
  confid: string;
  id: PickFile;
  title: string;
  hint: string;
  send: (confid: string, file: string) => Promise<SaveResult<unknown>>;
  counts: MatchCounts | undefined;
  extra?: string;
  rows: ReadonlyArray<CommitteeRow & { paper?: number }>;
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
      <MatchPicks confid={confid} file={id} rows={rows} />
    </section>
  );
}

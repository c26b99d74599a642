// The rows only a name matches (docs/api-conflicts.md, "Picking a candidate"): each offers its
// candidates, told apart by the domain of their address, their affiliation and DBLP pid, and
// Leave unmatched. A saved pick reloads the workspace, so the counts and the matrix follow at
// once; rows already settled by a pick stay listed, so the chair can change them.
import { useState } from 'react';
import { Button, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { Candidate, CommitteeRow } from '@recuse/common';
import { ActionOutcome } from '../../../components/action-outcome.tsx';
import { useAction } from '../../../lib/use-action.ts';
import type { PickFile } from '../api/workspace.ts';
import { pickCandidate, workspaceQueryKey } from '../api/workspace.ts';

type PickableRow = CommitteeRow & { paper?: number };

const none = 'none';

/** What the row is now: the candidate picked, none of them, or nothing yet. */
const choiceOf = (row: PickableRow) =>
  row.pick ? (row.pick.user_id === null ? none : String(row.pick.user_id)) : '';

function describeCandidate(candidate: Candidate): string {
  const details = [
    candidate.affiliation ?? 'no affiliation',
    candidate.email_domain ? `address at ${candidate.email_domain}` : 'no address',
    ...(candidate.dblp_pid ? [`DBLP ${candidate.dblp_pid}`] : []),
  ];
  return `${candidate.name}: ${details.join(', ')}`;
}

function describeRow(row: PickableRow): string {
  const name = [row.given_name, row.family_name].filter(Boolean).join(' ');
  const paper = row.paper !== undefined ? ` (paper ${row.paper})` : '';
  const extra = [row.email, row.affiliation].filter(Boolean).join(', ');
  return `Line ${row.line}${paper}: ${name}${extra ? `, ${extra}` : ''}`;
}

function stateOf(row: PickableRow): string {
  if (!row.pick) return 'Needs a decision: nobody is tied to this row yet.';
  const by = row.pick.picked_by ? ` by ${row.pick.picked_by.name}` : '';
  if (row.pick.user_id === null) return `Left unmatched${by}.`;
  const picked = row.candidates.find((candidate) => candidate.id === row.pick!.user_id);
  return `Tied to ${picked?.name ?? `user ${row.pick.user_id}`}${by}.`;
}

export function MatchPicks({
  confid,
  file,
  rows,
}: {
  confid: string;
  file: PickFile;
  rows: readonly PickableRow[];
}) {
  const queryClient = useQueryClient();
  const action = useAction<number>();
  const shown = rows.filter(
    (row) => row.candidates.length > 0 && (row.status === 'ambiguous' || row.pick !== null),
  );
  if (shown.length === 0 && !action.success) return null;
  const waiting = shown.filter((row) => row.status === 'ambiguous').length;

  function save(row: PickableRow, choice: string) {
    const pick = choice === none ? none : Number(choice);
    void action.run(row.line, () => pickCandidate(confid, file, { line: row.line, pick }), {
      onDone: (answer) => {
        const name = row.candidates.find((candidate) => candidate.id === pick)?.name;
        const lines = answer.rows.length > 1 ? `, on ${answer.rows.length} lines of the file` : '';
        action.setSuccess(
          pick === none
            ? `Line ${row.line} is left unmatched${lines}.`
            : `Line ${row.line} is now ${name ?? `user ${pick}`}${lines}.`,
        );
      },
      onAnswered: () => queryClient.invalidateQueries({ queryKey: workspaceQueryKey(confid) }),
    });
  }

  return (
    <section aria-labelledby={`${file}-picks-heading`}>
      <Title order={3} fz="h4" mt="md" mb="xs" id={`${file}-picks-heading`}>
        Rows only a name matches ({waiting} of {shown.length} need a decision)
      </Title>
      <Text fz="sm" mb="xs">
        Recuse ties nobody to a row by name alone. Pick the person the row is, or leave it
        unmatched: it then counts through its address and affiliation only. A pick is kept when the
        same row comes back in a new upload.
      </Text>
      <ActionOutcome success={action.success} failure={action.failure} />
      <Stack gap="sm" mt="xs">
        {shown.map((row) => (
          <PickRow
            // A new answer (another pick) starts the row's choice again from what is saved.
            key={`${row.line} ${row.pick?.picked_at ?? ''} ${row.status}`}
            row={row}
            isBusy={action.busy === row.line}
            onSave={save}
          />
        ))}
      </Stack>
    </section>
  );
}

function PickRow({
  row,
  isBusy,
  onSave,
}: {
  row: PickableRow;
  isBusy: boolean;
  onSave: (row: PickableRow, choice: string) => void;
}) {
  const [choice, setChoice] = useState(choiceOf(row));
  return (
    <Paper withBorder p="sm">
      <Radio.Group
        label={describeRow(row)}
        description={stateOf(row)}
        value={choice}
        onChange={setChoice}
      >
        <Stack gap={6} mt="xs">
          {row.candidates.map((candidate) => (
            <Radio
              key={candidate.id}
              value={String(candidate.id)}
              label={describeCandidate(candidate)}
            />
          ))}
          <Radio value={none} label="Leave unmatched: none of these" />
        </Stack>
      </Radio.Group>
      <Button
        mt="sm"
        size="xs"
        loading={isBusy}
        disabled={choice === '' || choice === choiceOf(row)}
        onClick={() => onSave(row, choice)}
      >
        Save the choice for line {row.line}
      </Button>
    </Paper>
  );
}

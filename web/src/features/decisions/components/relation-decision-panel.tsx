// Validate and Delete on a relation's log page (docs/product.md, "Relation decisions"). Shown
// only to those the server says may decide now (`canDecide`); anyone else reads why not (named
// on the relation, already deleted). Validate takes an optional comment, Delete a required
// reason; both go to everyone on the relation. A refusal (decided meanwhile, gone) is shown as
// the server words it, and the log reloads.
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { RelationLogReply } from '@recuse/common';
import { relationDecisionMessages } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { ActionOutcome } from '../../../components/action-outcome.tsx';
import { useAction } from '../../../lib/use-action.ts';
import {
  decideOnRelation,
  relationDecisionsQueryKey,
  relationLogQueryKey,
} from '../api/relation-decisions.ts';

type Decision = 'validate' | 'delete';

type RelationDecisionPanelProps = {
  log: RelationLogReply;
};

const decisionTexts: Record<Decision, { title: string; label: string; hint: string }> = {
  validate: {
    title: 'Validate this relation',
    label: 'Comment (optional)',
    hint: 'Every pending or disputed answer becomes an acceptance. Everyone on the relation is told, with your comment.',
  },
  delete: {
    title: 'Delete this relation',
    label: 'Reason for the deletion',
    hint: 'The relation is deleted for everyone on it. They are told, with your reason.',
  },
};

export function RelationDecisionPanel({ log }: RelationDecisionPanelProps) {
  const queryClient = useQueryClient();
  const { relation } = log;
  const [decision, setDecision] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const { busy, success, setSuccess, failure, setFailure, run } = useAction<Decision>();

  function open(next: Decision) {
    setReason('');
    setFailure(null);
    setSuccess('');
    setDecision(next);
  }

  async function reload() {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: relationLogQueryKey(String(relation.id)) }),
      queryClient.invalidateQueries({ queryKey: relationDecisionsQueryKey }),
    ]);
  }

  async function decide(chosen: Decision) {
    if (chosen === 'delete' && reason.trim() === '') {
      setFailure({
        message: relationDecisionMessages.reasonRequired,
        errors: { reason: [relationDecisionMessages.reasonRequired] },
      });
      return;
    }
    await run(chosen, () => decideOnRelation(relation.id, chosen, reason.trim()), {
      onDone: async () => {
        setDecision(null);
        setSuccess(
          chosen === 'validate'
            ? `Relation ${relation.id} is validated. Everyone on it is told.`
            : `Relation ${relation.id} is deleted. Everyone on it is told, with your reason.`,
        );
        await reload();
      },
      // Decided or gone meanwhile: nothing changed; the log shows how the relation stands now.
      onRefused: async (status) => {
        if (status === 403 || status === 404 || status === 409) {
          setDecision(null);
          await reload();
        }
      },
    });
  }

  const texts = decision ? decisionTexts[decision] : null;
  return (
    <Stack gap="sm">
      <ActionOutcome success={success} failure={failure} showFailure={!decision} />
      {relation.canDecide ? (
        <>
          <Text fz="sm">
            Validate it if it is right as it stands; delete it if it is wrong (for instance a DBLP
            homonym). Everyone on the relation is told.
          </Text>
          <Group gap="xs">
            <Button onClick={() => open('validate')}>Validate…</Button>
            <Button color="red" variant="outline" onClick={() => open('delete')}>
              Delete…
            </Button>
          </Group>
        </>
      ) : (
        <Alert color="gray" title="You cannot decide on this relation">
          {log.decisionRefusal ?? relationDecisionMessages.notYourCommittee}
        </Alert>
      )}

      {decision && texts && (
        <Modal opened onClose={() => setDecision(null)} title={texts.title}>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void decide(decision);
            }}
          >
            <Stack gap="sm">
              {failure && <ErrorAlert message={failure.message} errors={failure.errors} />}
              <Text fz="sm">{texts.hint}</Text>
              <Textarea
                label={texts.label}
                required={decision === 'delete'}
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
                error={decision === 'delete' && failure?.errors.reason?.[0]}
                autosize
                minRows={3}
                maxLength={1000}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setDecision(null)}>
                  Cancel
                </Button>
                <Button
                  type="submit"
                  color={decision === 'delete' ? 'red' : undefined}
                  loading={busy !== null}
                >
                  {decision === 'delete' ? 'Delete' : 'Validate'}
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal>
      )}
    </Stack>
  );
}

// One member and one submission: every reason the matrix gives, and the chair's decision on the
// pair (confirmed, or not a conflict, with the reason kept beside it; docs/api-conflicts.md,
// "Decisions"). A saved decision is pinned in HotCRP's file.
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Modal,
  Radio,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ConflictDecisionWire, MatrixConflict } from '@recuse/common';
import { conflictDecisionSchema, messages } from '@recuse/common';
import { useAction } from '../../../lib/use-action.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { deleteDecision, saveDecision, workspaceQueryKey } from '../api/workspace.ts';
import {
  conflictTypeLabels,
  pairType,
  reasonLink,
  reasonRule,
  reasonSummary,
} from '../reason-text.ts';

export type SelectedPair = {
  paper: number;
  title: string;
  member: { email: string; name: string };
  conflict: MatrixConflict | null;
  decision: ConflictDecisionWire | null;
};

export function DecisionDialog({
  confid,
  pair,
  onClose,
}: {
  confid: string;
  pair: SelectedPair | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={pair !== null}
      onClose={onClose}
      size="lg"
      title={pair ? `Paper ${pair.paper} and ${pair.member.name || pair.member.email}` : ''}
    >
      {pair && (
        <DecisionContent
          key={`${pair.paper} ${pair.member.email}`}
          {...{ confid, pair, onClose }}
        />
      )}
    </Modal>
  );
}

function DecisionContent({
  confid,
  pair,
  onClose,
}: {
  confid: string;
  pair: SelectedPair;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<string>(pair.decision?.decision ?? '');
  const [reason, setReason] = useState(pair.decision?.reason ?? '');
  const removing = useAction<'remove'>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: workspaceQueryKey(confid) });
  const form = useFormSubmit({
    schema: conflictDecisionSchema,
    send: (parsed) =>
      saveDecision(confid, {
        paper: parsed.paper,
        email: parsed.email,
        decision: parsed.decision,
        reason: parsed.reason,
      }),
    failureMessage: messages.couldNotFetch,
    onSuccess: async () => {
      await refresh();
      onClose();
    },
  });
  function remove() {
    return removing.run(
      'remove',
      () => deleteDecision(confid, { paper: pair.paper, email: pair.member.email }),
      {
        onDone: async () => {
          await refresh();
          onClose();
        },
        failureMessage: messages.couldNotFetch,
      },
    );
  }
  const reasons = pair.conflict?.reasons ?? [];
  return (
    <Stack>
      <Text fz="sm">
        “{pair.title}” · {pair.member.email}
      </Text>
      {pair.conflict ? (
        <div>
          <Group gap="xs" mb="xs">
            <Badge color="gray.2" autoContrast>
              {conflictTypeLabels[pairType(pair.conflict)]}
            </Badge>
            {pair.conflict.is_provisional && (
              <Badge color="yellow.4" autoContrast>
                Provisional
              </Badge>
            )}
          </Group>
          <Text fw={600} fz="sm">
            Reasons
          </Text>
          <List fz="sm" spacing={4}>
            {reasons.map((item, index) => {
              const link = reasonLink(item);
              const rule = reasonRule(item);
              return (
                <List.Item key={index}>
                  {rule && (
                    <>
                      <Text span fw={600} fz="sm">
                        {rule}
                      </Text>
                      :{' '}
                    </>
                  )}
                  {reasonSummary(item)}
                  {item.is_provisional && ' (provisional)'}
                  {link && (
                    <>
                      {' '}
                      <Anchor component={Link} to={link} fz="sm">
                        the relation
                      </Anchor>
                    </>
                  )}
                </List.Item>
              );
            })}
          </List>
        </div>
      ) : (
        <Text fz="sm">Recuse finds no reason for a conflict on this pair.</Text>
      )}
      {pair.decision && (
        <Alert color="blue" variant="light" title="Pinned decision">
          {pair.decision.decision === 'confirmed' ? 'Confirmed conflict' : 'Not a conflict'}:{' '}
          {pair.decision.reason}
          {pair.decision.decided_by && ` (${pair.decision.decided_by.name})`}
        </Alert>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit({
            paper: pair.paper,
            email: pair.member.email,
            decision,
            reason,
          });
        }}
      >
        <Stack gap="sm">
          <Radio.Group
            label="Your decision"
            value={decision}
            onChange={setDecision}
            error={form.fieldIssues.decision}
            required
          >
            <Group mt={4}>
              <Radio value="confirmed" label="Confirm: a conflict" />
              <Radio value="not_conflict" label="Not a conflict" />
            </Group>
          </Radio.Group>
          <Textarea
            label="Reason"
            description="Kept with the decision; the pair is exported pinned."
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={form.fieldIssues.reason}
            required
            autosize
            minRows={2}
          />
          {form.failure && (
            <Alert color="red" role="alert">
              {form.failure.message}
            </Alert>
          )}
          {removing.failure && (
            <Alert color="red" role="alert">
              {removing.failure.message}
            </Alert>
          )}
          <Group justify="flex-end">
            {pair.decision && (
              <Button
                variant="default"
                loading={removing.busy !== null}
                onClick={() => void remove()}
              >
                Remove decision
              </Button>
            )}
            <Button type="submit" loading={form.isBusy}>
              Save decision
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

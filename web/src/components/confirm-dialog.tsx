// A question before an action that cannot be taken back (revoking a role, removing a chair):
// the question, the refusal if the server gave one, Cancel, and the action's button, busy
// while it runs. The page keeps the outcome's success; the refusal stays in the dialog.
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { SubmitFailure } from '../lib/use-form-submit.ts';
import { ErrorAlert } from './error-alert.tsx';

type ConfirmDialogProps = {
  title: string;
  question: ReactNode;
  /** The action's button. */
  confirmLabel: string;
  isBusy: boolean;
  failure: SubmitFailure | null;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, question, confirmLabel, isBusy, failure, onConfirm, onCancel } = props;
  return (
    <Modal opened onClose={onCancel} title={title}>
      <Stack gap="sm">
        {failure && <ErrorAlert message={failure.message} errors={failure.errors} />}
        <Text>{question}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button color="red" loading={isBusy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** " (you)" after the signed-in user's own name in a list of accounts. */
export function OwnMark() {
  return (
    <Text span c="dimmed" fz="sm">
      {' '}
      (you)
    </Text>
  );
}

// A modal asking for a reason or a comment (reject, request a change, contact admin): required, at
// most 1000 characters with a live counter (docs/product.md, "Validation rules and limits").
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { maxCommentLength } from '@recuse/common';

type CommentModalProps = {
  title: string;
  label: string;
  submitLabel: string;
  requiredMessage: string;
  isSaving: boolean;
  /** The server's refusal, shown inside the modal so the comment is not lost. */
  failure?: ReactNode;
  onSubmit: (comment: string) => void;
  onClose: () => void;
};

export function CommentModal(props: CommentModalProps) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');

  function submit() {
    if (!comment.trim()) {
      setError(props.requiredMessage);
      return;
    }
    props.onSubmit(comment.trim());
  }

  return (
    <Modal opened onClose={props.onClose} title={props.title}>
      <Stack gap="sm">
        {props.failure}
        <Textarea
          label={props.label}
          required
          value={comment}
          maxLength={maxCommentLength}
          minRows={4}
          error={error || undefined}
          onChange={(event) => {
            setComment(event.currentTarget.value);
            setError('');
          }}
        />
        <Text size="xs" c="dimmed" aria-live="polite">
          {comment.length}/{maxCommentLength}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button loading={props.isSaving} onClick={submit}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

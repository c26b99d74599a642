// The relation's activity log: each comment with its author, a '(To Admin)' marker for
// comments to the administrators, '(Answer from the administrators)' for their answers (read
// by the asker), and when it was written.
import { Accordion, Stack, Text } from '@mantine/core';
import type { RelationComment } from '../api/get-relation-comments.ts';

export function formatCommentTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

export function ActivityLog({ comments }: { comments: RelationComment[] }) {
  return (
    <Accordion variant="separated">
      <Accordion.Item value="activity-log">
        <Accordion.Control>Activity log ({comments.length})</Accordion.Control>
        <Accordion.Panel>
          {comments.length === 0 ? (
            <Text c="dimmed">No comments yet.</Text>
          ) : (
            <Stack gap="sm">
              {comments.map((comment) => (
                <div key={comment.id}>
                  <Text size="sm" fw={600}>
                    {comment.submittedBy}
                    {comment.isAdminAnswer === 1
                      ? ' (Answer from the administrators)'
                      : comment.contactAdmin === 'Y' && ' (To Admin)'}
                    <Text span size="xs" c="dimmed" ml="xs">
                      {formatCommentTime(comment.createdAt)}
                    </Text>
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {comment.Comments}
                  </Text>
                </div>
              ))}
            </Stack>
          )}
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

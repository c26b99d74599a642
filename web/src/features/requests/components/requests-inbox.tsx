// The requests inbox (docs/product.md, "Requests inbox"): Contact-admin messages and Contact-us
// messages, newest first, each with its author, the relation it concerns and the answers so
// far; the administrator answers (closing the request, or leaving it open) or closes it. A
// refusal (closed meanwhile, gone, relation or account deleted) is shown and the list reloaded.
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AdminRequest } from '@recuse/common';
import { messages } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import type { SaveResult } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/date-format.ts';
import { useAction } from '../../../lib/use-action.ts';
import type { RequestState } from '../api/admin-requests.ts';
import {
  adminRequestsQueryKey,
  answerRequest,
  closeRequest,
  useRequests,
} from '../api/admin-requests.ts';

const requestKey = (request: AdminRequest) => `${request.kind}-${request.id}`;

export function RequestsInbox() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<RequestState>('open');
  const requests = useRequests(state);
  const action = useAction<string>();
  const { success, failure } = action;

  function act(
    request: AdminRequest,
    call: () => Promise<SaveResult<{ request: AdminRequest }>>,
    said: (after: AdminRequest) => string,
  ): Promise<boolean> {
    return action.run(requestKey(request), call, {
      onDone: (reply) => action.setSuccess(said(reply.request)),
      onAnswered: () => queryClient.invalidateQueries({ queryKey: adminRequestsQueryKey }),
    });
  }

  const whose = (request: AdminRequest) => request.author?.name ?? 'a deleted account';

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Requests to show"
        value={state}
        onChange={(value) => {
          setState(value as RequestState);
          action.setSuccess('');
          action.setFailure(null);
        }}
        data={[
          { value: 'open', label: 'Open' },
          { value: 'closed', label: 'Closed' },
        ]}
        maw={280}
      />
      <div aria-live="polite">
        {success && (
          <Alert color="green" role="status">
            {success}
          </Alert>
        )}
        {failure && <ErrorAlert message={failure.message} errors={failure.errors} />}
      </div>
      {requests.data ? (
        requests.data.length === 0 ? (
          <Text>{state === 'open' ? 'No open request.' : 'No closed request.'}</Text>
        ) : (
          requests.data.map((request) => (
            <RequestCard
              key={requestKey(request)}
              request={request}
              busy={action.busy === requestKey(request)}
              onAnswer={(answer, close) =>
                act(
                  request,
                  () => answerRequest(request.kind, request.id, answer, close),
                  (after) =>
                    after.closedAt
                      ? `Your answer was sent to ${whose(request)} and the request is closed.`
                      : `Your answer was sent to ${whose(request)}; the request stays open.`,
                )
              }
              onClose={() =>
                act(
                  request,
                  () => closeRequest(request.kind, request.id),
                  () => `The request of ${whose(request)} is closed.`,
                )
              }
            />
          ))
        )
      ) : requests.isError ? (
        <ErrorAlert message={requests.error.message || messages.couldNotFetch} />
      ) : (
        <Loader size="sm" aria-label="Loading requests" />
      )}
    </Stack>
  );
}

function RequestCard({
  request,
  busy,
  onAnswer,
  onClose,
}: {
  request: AdminRequest;
  busy: boolean;
  onAnswer: (answer: string, close: boolean) => Promise<boolean>;
  onClose: () => Promise<boolean>;
}) {
  const [answer, setAnswer] = useState('');
  const [closeWithAnswer, setCloseWithAnswer] = useState(true);
  const headingId = `request-${request.kind}-${request.id}`;
  const author = request.author
    ? `${request.author.name} (${request.author.email})`
    : 'A deleted account';
  const relation = request.relation;
  const title =
    request.kind === 'contact'
      ? `Contact us: ${request.subject}`
      : `Contact admin about relation ${relation?.id ?? ''}`;
  return (
    <Card withBorder component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={3} fz="h4" id={headingId}>
            {title}
          </Title>
          {request.closedAt ? (
            <Badge color="gray.7" miw="max-content">
              Closed
            </Badge>
          ) : (
            <Badge color="yellow.4" autoContrast miw="max-content">
              Open
            </Badge>
          )}
        </Group>
        <Text fz="sm">
          From {author}, {formatDateTime(request.createdAt)}
        </Text>
        {relation && (
          <Text fz="sm">
            <Anchor component={Link} to={relation.path} fz="sm">
              {relation.typeName}
              {relation.title && `: ${relation.title}`}
            </Anchor>
            {relation.status === 2 && ' (deleted)'}
          </Text>
        )}
        <Text style={{ whiteSpace: 'pre-wrap' }}>{request.text}</Text>
        {request.answers.map((given, index) => (
          <Card key={index} bg="gray.0" p="xs" radius="sm">
            <Text fz="sm" fw={600}>
              Answer by {given.by}, {formatDateTime(given.createdAt)}
            </Text>
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {given.text}
            </Text>
          </Card>
        ))}
        {request.closedAt ? (
          <Text fz="sm" c="dimmed">
            Closed by {request.closedBy}, {formatDateTime(request.closedAt)}
          </Text>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void onAnswer(answer, closeWithAnswer).then((ok) => ok && setAnswer(''));
            }}
          >
            <Stack gap="xs">
              <Textarea
                label="Your answer"
                description={
                  request.kind === 'contact'
                    ? 'Sent to the author as a notification and a mail; this closes the message.'
                    : 'Written into the relation’s activity log, which the author reads; they are notified.'
                }
                value={answer}
                onChange={(event) => setAnswer(event.currentTarget.value)}
                autosize
                minRows={2}
                maxLength={1000}
              />
              {request.kind === 'relation' && (
                <Checkbox
                  label="Close the request with this answer"
                  checked={closeWithAnswer}
                  onChange={(event) => setCloseWithAnswer(event.currentTarget.checked)}
                />
              )}
              <Group gap="xs">
                <Button type="submit" size="sm" loading={busy}>
                  Send answer
                </Button>
                <Button size="sm" variant="default" disabled={busy} onClick={() => void onClose()}>
                  Close without answering
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}

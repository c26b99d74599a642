// The DBLP claims awaiting a decision (docs/dblp.md, "Claims"), disputed ones first: who
// claims which DBLP profile, who holds it today, and why it is disputed; Confirm, or Reject
// with a reason the claimant receives. A claim decided meanwhile says so and the list reloads.
import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ClaimQueue } from '@recuse/common';
import { messages } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import type { SaveResult } from '../../../lib/api-client.ts';
import { ActionOutcome } from '../../../components/action-outcome.tsx';
import { useAction } from '../../../lib/use-action.ts';
import {
  claimQueueQueryKey,
  confirmClaim,
  rejectClaim,
  useClaimQueue,
} from '../api/admin-requests.ts';

type Claim = ClaimQueue['claims'][number];

export function DblpClaimsPanel() {
  const queryClient = useQueryClient();
  const claims = useClaimQueue();
  const [toReject, setToReject] = useState<Claim | null>(null);
  const [reason, setReason] = useState('');
  const { busy: busyId, success, setSuccess, failure, setFailure, run } = useAction<number>();

  function decide(claim: Claim, call: () => Promise<SaveResult<unknown>>, said: string) {
    return run(claim.id, call, {
      onDone: () => {
        setToReject(null);
        setSuccess(said);
      },
      onRefused: (status) => {
        if (status === 404 || status === 409) setToReject(null);
      },
      onAnswered: () => queryClient.invalidateQueries({ queryKey: claimQueueQueryKey }),
    });
  }

  const sorted = [...(claims.data ?? [])].sort(
    (first, second) => Number(second.state === 'disputed') - Number(first.state === 'disputed'),
  );
  return (
    <Stack gap="md">
      <ActionOutcome success={success} failure={failure} showFailure={!toReject} />
      {claims.data ? (
        sorted.length === 0 ? (
          <Text>No DBLP claim awaits a decision.</Text>
        ) : (
          sorted.map((claim) => {
            const headingId = `claim-${claim.id}`;
            return (
              <Card key={claim.id} withBorder component="article" aria-labelledby={headingId}>
                <Stack gap="xs">
                  <Group justify="space-between" align="flex-start" gap="xs">
                    <Title order={3} fz="h4" id={headingId}>
                      {claim.claimant.name} claims {claim.pid}
                    </Title>
                    {claim.state === 'disputed' ? (
                      <Badge color="red.9" miw="max-content">
                        Disputed
                      </Badge>
                    ) : (
                      <Badge color="yellow.4" autoContrast miw="max-content">
                        Awaiting proof
                      </Badge>
                    )}
                  </Group>
                  <Text fz="sm">
                    {claim.claimant.email}
                    {claim.claimant.isEmailConfirmed ? ' (confirmed)' : ' (not confirmed)'} ·{' '}
                    {new Date(claim.createdAt).toLocaleDateString('en-GB', { dateStyle: 'medium' })}
                  </Text>
                  <Text fz="sm">
                    DBLP profile:{' '}
                    <Anchor href={claim.dblpUrl} target="_blank" rel="noreferrer" fz="sm">
                      {claim.dblpUrl}
                    </Anchor>
                  </Text>
                  <Text fz="sm">
                    Held today by:{' '}
                    {claim.holder
                      ? `${claim.holder.name} (${claim.holder.kind === 'registered' ? 'an account' : 'a DBLP-only person'})`
                      : 'nobody'}
                  </Text>
                  {claim.disputedBy && (
                    <Text fz="sm">
                      Disputed by {claim.disputedBy.name}: “{claim.disputeReason}”
                    </Text>
                  )}
                  <Group gap="xs">
                    <Button
                      size="xs"
                      loading={busyId === claim.id && !toReject}
                      aria-label={`Confirm the claim of ${claim.claimant.name} to ${claim.pid}`}
                      onClick={() =>
                        void decide(
                          claim,
                          () => confirmClaim(claim.id),
                          `The claim of ${claim.claimant.name} is confirmed; the DBLP profile joins their account.`,
                        )
                      }
                    >
                      Confirm
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      color="red"
                      aria-label={`Reject the claim of ${claim.claimant.name} to ${claim.pid}`}
                      onClick={() => {
                        setFailure(null);
                        setReason('');
                        setToReject(claim);
                      }}
                    >
                      Reject…
                    </Button>
                  </Group>
                </Stack>
              </Card>
            );
          })
        )
      ) : claims.isError ? (
        <ErrorAlert message={claims.error.message || messages.couldNotFetch} />
      ) : (
        <Loader size="sm" aria-label="Loading DBLP claims" />
      )}

      {toReject && (
        <Modal
          opened
          onClose={() => setToReject(null)}
          title={`Reject the claim of ${toReject.claimant.name}`}
        >
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void decide(
                toReject,
                () => rejectClaim(toReject.id, reason),
                `The claim of ${toReject.claimant.name} is rejected; they are told why.`,
              );
            }}
          >
            <Stack gap="sm">
              {failure && <ErrorAlert message={failure.message} errors={failure.errors} />}
              <Textarea
                label="Reason for rejection"
                description="The claimant receives it."
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
                autosize
                minRows={3}
                maxLength={1000}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setToReject(null)}>
                  Cancel
                </Button>
                <Button type="submit" color="red" loading={busyId === toReject.id}>
                  Reject
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal>
      )}
    </Stack>
  );
}

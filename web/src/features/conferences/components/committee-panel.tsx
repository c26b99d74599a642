// The conference's programme committee, entered as e-mail addresses (docs/product.md,
// "Conferences"): each address joins the committee through the chair's workspace call
// committee/member, and the table says who each member is among our people. An address no
// account holds is mailed an invitation to sign up (the server does it on adding); the table
// says when and by whom, and offers to invite again. Members count once they sign up with it.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Badge, Button, Group, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { CommitteeMember } from '@recuse/common';
import { messages } from '@recuse/common';
import { ActionOutcome } from '../../../components/action-outcome.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { formatDateTime } from '../../../lib/date-format.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { committeeQueryKey, inviteCommitteeMember, useCommittee } from '../api/conferences.ts';
import {
  addCommitteeMembers,
  committeeAddressesCheck,
  summarizeAdditions,
} from '../committee-additions.ts';

export function CommitteePanel({ confid }: { confid: number }) {
  const committee = useCommittee(confid);
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<{ notice: string; failures: string[] }>();
  const { submit, isBusy, fieldIssues, failure } = useFormSubmit({
    schema: committeeAddressesCheck,
    // One call per address: what each answered is summed up, failures included, and the
    // table is read again before the button is free.
    send: async (emails) => {
      const summary = summarizeAdditions(await addCommitteeMembers(confid, emails));
      await queryClient.invalidateQueries({ queryKey: committeeQueryKey(String(confid)) });
      return { ok: true as const, data: summary };
    },
    failureMessage: messages.recordNotSaved,
    onSuccess: (summary) => {
      setOutcome(summary);
      if (summary.failures.length === 0) setText('');
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    setOutcome(undefined);
    void submit(text);
  }

  const rows = committee.data?.rows ?? [];
  return (
    <section aria-labelledby="committee-heading">
      <Title order={2} fz="h3" id="committee-heading" mb="xs">
        Programme committee ({rows.length})
      </Title>
      <Text c="dimmed" fz="sm" mb="sm" maw={760}>
        Enter the members&apos; e-mail addresses. A member is found by the address of their account
        (or a confirmed secondary one). An address without an account is sent an invitation to sign
        up with it, and its member counts as soon as they do.
      </Text>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm" maw={560}>
          {outcome && (
            <Alert color="green" role="status">
              {outcome.notice}
            </Alert>
          )}
          {fieldIssues.addresses && <ErrorAlert message={fieldIssues.addresses} />}
          {failure && <ErrorAlert message={failure.message} />}
          {outcome && outcome.failures.length > 0 && (
            <ErrorAlert message="Some addresses were not added:" errors={outcome.failures} />
          )}
          <Textarea
            label="Members' e-mail addresses"
            description="One per line, or separated by commas"
            autosize
            minRows={3}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <Group>
            <Button type="submit" loading={isBusy}>
              Add to committee
            </Button>
          </Group>
        </Stack>
      </form>
      <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
        {committee.isError ? (
          <ErrorAlert message={committee.error.message || messages.couldNotFetch} />
        ) : committee.isPending ? (
          <Text>Loading the committee…</Text>
        ) : rows.length === 0 ? (
          <Text>The committee is empty.</Text>
        ) : (
          <CommitteeTable confid={confid} rows={rows} />
        )}
      </div>
    </section>
  );
}

function CommitteeTable({ confid, rows }: { confid: number; rows: CommitteeMember[] }) {
  const queryClient = useQueryClient();
  const action = useAction<string>();

  function invite(email: string) {
    void action.run(email, () => inviteCommitteeMember(confid, email), {
      onDone: () => action.setSuccess(`Invitation sent to ${email}.`),
      onAnswered: () =>
        queryClient.invalidateQueries({ queryKey: committeeQueryKey(String(confid)) }),
    });
  }

  return (
    <Stack gap="sm">
      <ActionOutcome success={action.success} failure={action.failure} />
      {/* Two columns that wrap: narrow screens need no sideways scrolling (and no focusable
          scroll region with nothing to focus in it). */}
      <Table striped aria-labelledby="committee-heading">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Member</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.line}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email}</Table.Td>
              <Table.Td>
                {row.has_account ? (
                  <KnownMember row={row} />
                ) : (
                  <InvitedMember
                    row={row}
                    isBusy={action.busy === row.email}
                    onInvite={() => invite(row.email)}
                  />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function KnownMember({ row }: { row: CommitteeMember }) {
  if (!row.user) return null;
  return (
    <>
      {row.user.name}
      {row.user.affiliation ? ` (${row.user.affiliation})` : ''}
    </>
  );
}

/** A member without an account: who the row may be, the invitation sent, and (re)inviting. */
function InvitedMember({
  row,
  isBusy,
  onInvite,
}: {
  row: CommitteeMember;
  isBusy: boolean;
  onInvite: () => void;
}) {
  const typed = row.user?.name ?? [row.given_name, row.family_name].filter(Boolean).join(' ');
  const { invitation } = row;
  return (
    <Stack gap={4} align="flex-start">
      <Group gap="xs">
        {typed && <Text span>{typed}</Text>}
        <Badge variant="filled" color="dark.6" autoContrast>
          {row.status === 'ambiguous' ? 'Several people of this name' : 'No account yet'}
        </Badge>
      </Group>
      <Text fz="sm">
        {invitation
          ? `Invited ${formatDateTime(invitation.last_sent_at)}${invitation.sent_by ? ` by ${invitation.sent_by}` : ''}${invitation.times_sent > 1 ? ` (${invitation.times_sent} mails)` : ''}`
          : 'Not invited yet'}
      </Text>
      <Button
        size="compact-sm"
        variant="default"
        loading={isBusy}
        onClick={onInvite}
        aria-label={invitation ? `Invite ${row.email} again` : `Invite ${row.email}`}
      >
        {invitation ? 'Invite again' : 'Invite'}
      </Button>
    </Stack>
  );
}

// The conference's programme committee, entered as e-mail addresses (docs/product.md,
// "Conferences"): each address joins the committee through the chair's workspace call
// committee/member, and the table says who each member is among our people. Members without an
// account count once they sign up with that address.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Badge, Button, Group, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { CommitteeRow } from '@recuse/common';
import { messages } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { committeeQueryKey, useCommittee } from '../api/conferences.ts';
import {
  addCommitteeMembers,
  maxCommitteeAddresses,
  parseEmailList,
  summarizeAdditions,
} from '../committee-additions.ts';

export function CommitteePanel({ confid }: { confid: number }) {
  const committee = useCommittee(confid);
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [failures, setFailures] = useState<string[]>([]);
  const [isBusy, setIsBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    setNotice(undefined);
    setFailures([]);
    const { emails, invalid } = parseEmailList(text);
    if (invalid.length > 0) {
      setProblem(`Not an e-mail address: ${invalid.join(', ')}`);
      return;
    }
    if (emails.length === 0) {
      setProblem('Please enter at least one e-mail address.');
      return;
    }
    if (emails.length > maxCommitteeAddresses) {
      setProblem(`Please enter at most ${maxCommitteeAddresses} addresses at once.`);
      return;
    }
    setProblem(undefined);
    setIsBusy(true);
    try {
      const summary = summarizeAdditions(await addCommitteeMembers(confid, emails));
      setNotice(summary.notice);
      setFailures(summary.failures);
      if (summary.failures.length === 0) setText('');
      await queryClient.invalidateQueries({ queryKey: committeeQueryKey(String(confid)) });
    } finally {
      setIsBusy(false);
    }
  }

  const rows = committee.data?.rows ?? [];
  return (
    <section aria-labelledby="committee-heading">
      <Title order={2} fz="h3" id="committee-heading" mb="xs">
        Programme committee ({rows.length})
      </Title>
      <Text c="dimmed" fz="sm" mb="sm" maw={760}>
        Enter the members&apos; e-mail addresses. A member is found by the address of their account
        (or a confirmed secondary one); someone without an account yet counts as soon as they sign
        up with it.
      </Text>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="sm" maw={560}>
          {notice && (
            <Alert color="green" role="status">
              {notice}
            </Alert>
          )}
          {problem && <ErrorAlert message={problem} />}
          {failures.length > 0 && (
            <ErrorAlert message="Some addresses were not added:" errors={failures} />
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
          <CommitteeTable rows={rows} />
        )}
      </div>
    </section>
  );
}

function CommitteeTable({ rows }: { rows: CommitteeRow[] }) {
  return (
    // Two columns that wrap: narrow screens need no sideways scrolling (and no focusable
    // scroll region with nothing to focus in it).
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
            <Table.Td>{describeMember(row)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function describeMember(row: CommitteeRow) {
  if (row.user) {
    return (
      <>
        {row.user.name}
        {row.user.affiliation ? ` (${row.user.affiliation})` : ''}
      </>
    );
  }
  const typed = [row.given_name, row.family_name].filter(Boolean).join(' ');
  return (
    <Group gap="xs">
      {typed && <Text span>{typed}</Text>}
      <Badge variant="filled" color="dark.6" autoContrast>
        {row.status === 'ambiguous' ? 'Several people of this name' : 'No account yet'}
      </Badge>
    </Group>
  );
}

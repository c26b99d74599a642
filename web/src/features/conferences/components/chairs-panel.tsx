// Who chairs the conference, and naming or removing a chair (docs/api-conflicts.md, "Conference
// management"). Another registered user is named by the address they sign in with: they then see
// the conference among theirs and may change it, its rules and its committee. Removing asks
// first; the server refuses the last chair. A chair may remove themselves while another chair
// remains, and the page is told (they lose the conference unless they administer).
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { conferenceChairSchema, messages } from '@recuse/common';
import type { ConferenceChairRow } from '@recuse/common';
import { ActionOutcome } from '../../../components/action-outcome.tsx';
import { ConfirmDialog, OwnMark } from '../../../components/confirm-dialog.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { addChair, chairsQueryKey, removeChair, useConferenceChairs } from '../api/conferences.ts';

type ChairsPanelProps = {
  confid: number;
  /** The signed-in user's address, to mark their own row. */
  ownEmail: string;
  /** Called after the signed-in user removed themselves as a chair. */
  onOwnChairRemoved: () => void;
};

export function ChairsPanel({ confid, ownEmail, onOwnChairRemoved }: ChairsPanelProps) {
  const queryClient = useQueryClient();
  const chairs = useConferenceChairs(confid);
  const refreshChairs = () => queryClient.invalidateQueries({ queryKey: chairsQueryKey(confid) });
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<string>();
  const [toRemove, setToRemove] = useState<ConferenceChairRow | null>(null);
  const action = useAction<number>();
  const isOwn = (chair: ConferenceChairRow) =>
    ownEmail !== '' && chair.email.toLowerCase() === ownEmail.toLowerCase();
  const { submit, isBusy, fieldIssues, failure } = useFormSubmit({
    schema: conferenceChairSchema,
    send: (parsed) => addChair(confid, parsed.email),
    failureMessage: messages.recordNotSaved,
    onSuccess: () => {
      setNotice(`${email.trim()} now chairs this conference too.`);
      setEmail('');
      void refreshChairs();
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(undefined);
    action.setSuccess('');
    action.setFailure(null);
    void submit({ email });
  }

  function remove(chair: ConferenceChairRow) {
    setNotice(undefined);
    return action.run(chair.user_id, () => removeChair(confid, chair.user_id), {
      onDone: async () => {
        setToRemove(null);
        action.setSuccess(
          isOwn(chair)
            ? 'You no longer chair this conference.'
            : `${chair.name} no longer chairs this conference.`,
        );
        // Their own removal is the page's to answer: it may have lost them the conference.
        if (isOwn(chair)) onOwnChairRemoved();
        else await refreshChairs();
      },
      // Removed meanwhile by someone else, say: show the list as it is now.
      onRefused: refreshChairs,
    });
  }

  return (
    <section aria-labelledby="chairs-heading">
      <Title order={2} fz="h3" id="chairs-heading" mb="xs">
        Co-chairs
      </Title>
      <Text c="dimmed" fz="sm" mb="sm" maw={760}>
        A co-chair needs an account with a confirmed address. They may change this conference, its
        rules and its committee, and name or remove other co-chairs. A conference keeps at least one
        chair.
      </Text>
      <Stack gap="sm">
        <ActionOutcome success={action.success} failure={action.failure} showFailure={!toRemove} />
        {chairs.data ? (
          <Table.ScrollContainer minWidth={480}>
            <Table aria-labelledby="chairs-heading" maw={760}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {chairs.data.chairs.map((chair) => (
                  <Table.Tr key={chair.user_id}>
                    <Table.Td>
                      {chair.name}
                      {isOwn(chair) && <OwnMark />}
                    </Table.Td>
                    <Table.Td>{chair.email}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        color="red"
                        variant="outline"
                        aria-label={`Remove ${chair.name} as a chair`}
                        onClick={() => {
                          action.setFailure(null);
                          setToRemove(chair);
                        }}
                      >
                        Remove
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : chairs.isError ? (
          <ErrorAlert message={chairs.error.message || messages.couldNotFetch} />
        ) : (
          <Loader size="sm" aria-label="Loading the chairs" />
        )}
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="sm" maw={560}>
            {notice && (
              <Alert color="green" role="status">
                {notice}
              </Alert>
            )}
            {failure && <ErrorAlert message={failure.message} errors={failure.errors} />}
            <Group align="flex-end" gap="sm">
              <TextInput
                label="Co-chair's e-mail"
                type="email"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                error={fieldIssues.email}
                style={{ flex: '1 1 240px' }}
              />
              <Button type="submit" loading={isBusy}>
                Add co-chair
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
      {toRemove && (
        <ConfirmDialog
          title="Remove a chair"
          question={
            isOwn(toRemove)
              ? 'Stop chairing this conference? Unless you are an administrator, you will no longer see or change it.'
              : `Remove ${toRemove.name} as a chair of this conference? They will no longer see or change it.`
          }
          confirmLabel="Remove"
          isBusy={action.busy === toRemove.user_id}
          failure={action.failure}
          onConfirm={() => void remove(toRemove)}
          onCancel={() => setToRemove(null)}
        />
      )}
    </section>
  );
}

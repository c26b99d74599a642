// Names another registered user as a chair of the conference, by the address they sign in with
// (docs/api-conflicts.md, "Conference management"): they then see it among their conferences
// and may change it, its rules and its committee.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { conferenceChairSchema, messages } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { addChair } from '../api/conferences.ts';

export function ChairsPanel({ confid }: { confid: number }) {
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<string>();
  const { submit, isBusy, fieldIssues, failure } = useFormSubmit({
    schema: conferenceChairSchema,
    send: (parsed) => addChair(confid, parsed.email),
    failureMessage: messages.recordNotSaved,
    onSuccess: () => {
      setNotice(`${email.trim()} now chairs this conference too.`);
      setEmail('');
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(undefined);
    void submit({ email });
  }

  return (
    <section aria-labelledby="chairs-heading">
      <Title order={2} fz="h3" id="chairs-heading" mb="xs">
        Co-chairs
      </Title>
      <Text c="dimmed" fz="sm" mb="sm" maw={760}>
        A co-chair needs an account with a confirmed address. They may change this conference, its
        rules and its committee, and name other co-chairs.
      </Text>
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
    </section>
  );
}

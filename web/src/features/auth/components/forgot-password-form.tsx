// Request a link to set a new password (docs/product.md, "The screens"): the server's message on
// success, 'Email could not be sent.' when it cannot be reached.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { messages, passwordRequestSchema } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { requestPasswordLink } from '../api/request-password.ts';
import { RequiredFieldsNote } from '../../../components/required-fields-note.tsx';
import { paths } from '../../../app/paths.ts';

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [sentMessage, setSentMessage] = useState<string>();
  const { submit, isBusy, fieldIssues, failure } = useFormSubmit({
    schema: passwordRequestSchema,
    send: (parsed) => requestPasswordLink(parsed.email),
    failureMessage: messages.emailCouldNotBeSent,
    onSuccess: (data) => setSentMessage(data.message || messages.passwordRequestSent),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSentMessage(undefined);
    void submit({ email });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <RequiredFieldsNote />
        <Text fz="sm" c="dimmed">
          Enter the email address of your account and we will mail you a link to set a new password.
        </Text>
        {sentMessage !== undefined && (
          <Alert color="green" role="status">
            {sentMessage}
          </Alert>
        )}
        {failure && <ErrorAlert message={failure.message} errors={failure.errors} />}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={fieldIssues.email}
          required
        />
        <Button type="submit" loading={isBusy} fullWidth>
          Recover password
        </Button>
        <Anchor component={Link} to={paths.signIn.href()} ta="center" fz="sm">
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}

// The sign-in form (docs/product.md, "The screens"): e-mail and password, validated with the shared
// loginSchema before anything is sent; the server's own message when it refuses. The schema and
// the call (zod and the reply schemas with them) are fetched when the form is first focused, not
// with the page: the sign-in page is the first one most visitors load (docs/benchmarks.md,
// "Web assets").
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { messages } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { ResendConfirmation } from './resend-confirmation.tsx';
import type { SessionProfile } from '../api/get-profile.ts';
import { RequiredFieldsNote } from '../../../components/required-fields-note.tsx';
import { paths } from '../../../app/paths.ts';

const loadCall = () => import('../api/sign-in.ts');

type SignInFormProps = {
  onSignedIn: (profile: SessionProfile) => void;
  /** Called when the form is first focused, so the page can fetch what a signed-in page needs. */
  onFirstFocus?: () => void;
};

export function SignInForm({ onSignedIn, onFirstFocus }: SignInFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const { submit, isBusy, fieldIssues, failure } = useFormSubmit({
    schema: async () => (await loadCall()).loginSchema,
    send: async ({ username, password }) => (await loadCall()).signIn({ username, password }),
    failureMessage: messages.signInFailed,
    onSuccess: onSignedIn,
  });

  // Nothing on the page changes with it: a ref, not a state.
  const wasFocused = useRef(false);
  function handleFocus() {
    if (wasFocused.current) return;
    wasFocused.current = true;
    // A failed fetch is tried again on submit.
    loadCall().catch(() => undefined);
    onFirstFocus?.();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit({ username, password });
  }

  return (
    <form onSubmit={handleSubmit} onFocus={handleFocus} noValidate>
      <Stack gap="md">
        <RequiredFieldsNote />
        {failure && <ErrorAlert message={failure.message} errors={failure.errors} />}
        {failure?.message === messages.accountNotConfirmed && (
          <ResendConfirmation email={username} />
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          error={fieldIssues.username}
          required
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={fieldIssues.password}
          required
        />
        <Group justify="flex-end">
          <Anchor component={Link} to={paths.forgotPassword.href()} fz="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" disabled={isBusy} fullWidth>
          {isBusy ? 'signing in...' : 'Sign in'}
        </Button>
        <Anchor component={Link} to={paths.registration.href()} ta="center" fz="sm">
          New user? Sign up
        </Anchor>
      </Stack>
    </form>
  );
}

// The page behind an e-mailed password link (docs/product.md, "The screens", Set password): look
// the token up, then a form, then success or an error. The consent box appears only for users who
// have not opted in yet. An invalid token hides the form.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { messages, passwordResetSchema } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { collectFieldIssues } from '../../../lib/field-issues.ts';
import type { Issue } from '../../../lib/field-issues.ts';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { usePasswordToken } from '../api/find-password-token.ts';
import { resetPassword } from '../api/reset-password.ts';
import type { PasswordReset } from '../api/reset-password.ts';
import { ConsentCheckbox } from './consent-checkbox.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { RequiredFieldsNote } from '../../../components/required-fields-note.tsx';
import { paths } from '../../../app/paths.ts';

type Outcome = { kind: 'success' } | { kind: 'invalid-token'; message: string };

export function SetPasswordPanel({ token }: { token: string }) {
  const lookup = usePasswordToken(token);
  const [outcome, setOutcome] = useState<Outcome>();

  let body;
  if (lookup.isPending) {
    body = (
      <Group gap="sm">
        <Loader size="sm" />
        <Text>Checking your link...</Text>
      </Group>
    );
  } else if (lookup.isError) {
    body = <ErrorAlert message={messages.checkTheUrl} />;
  } else if (!lookup.data.isValid) {
    body = <ErrorAlert message={lookup.data.message} />;
  } else if (outcome?.kind === 'success') {
    body = (
      <Alert color="green" role="status">
        {messages.passwordSetSuccess}
      </Alert>
    );
  } else if (outcome?.kind === 'invalid-token') {
    body = <ErrorAlert message={outcome.message} />;
  } else {
    body = (
      <SetPasswordForm
        token={token}
        email={lookup.data.email}
        needsConsent={!lookup.data.hasOptedIn}
        onOutcome={setOutcome}
      />
    );
  }

  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.signIn.href()} fz="sm">
        Sign in
      </Anchor>
      {body}
    </Stack>
  );
}

type SetPasswordFormProps = {
  token: string;
  email: string;
  needsConsent: boolean;
  onOutcome: (outcome: Outcome) => void;
};

/** The shared schema, with the terms box this page shows to whoever has not ticked it yet. */
function buildSetPasswordSchema(needsConsent: boolean) {
  return passwordResetSchema.superRefine((form, context) => {
    if (needsConsent && !form.optedIn) {
      context.addIssue({ code: 'custom', path: ['optedIn'], message: messages.termsRequired });
    }
  });
}

function collectSetPasswordIssues(issues: readonly Issue[]) {
  const found = collectFieldIssues(issues);
  // This page words the mismatch its own way (docs/product.md, "Validation rules and limits").
  if (found.password_confirmation === messages.passwordsShouldMatch) {
    found.password_confirmation = messages.passwordsDoNotMatch;
  }
  return found;
}

function SetPasswordForm({ token, email, needsConsent, onOutcome }: SetPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [hasConsented, setHasConsented] = useState(false);
  const { submit, isBusy, fieldIssues, failure } = useFormSubmit({
    schema: buildSetPasswordSchema(needsConsent),
    collectIssues: collectSetPasswordIssues,
    send: (_parsed, form: PasswordReset) => resetPassword(form),
    failureMessage: messages.passwordCouldNotBeUpdated,
    describeFailure: (refusal) =>
      // A success that does not read as the reply: the password may not have been set.
      refusal.status < 300
        ? messages.passwordCouldNotBeSet
        : refusal.message || messages.passwordCouldNotBeUpdated,
    onSuccess: () => onOutcome({ kind: 'success' }),
    onRefused: (refusal) => {
      if (refusal.status === 404) {
        onOutcome({ kind: 'invalid-token', message: refusal.message || messages.checkTheUrl });
      }
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit({
      email,
      token,
      password,
      password_confirmation: confirmation,
      optedIn: !needsConsent || hasConsented ? '1' : '0',
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {failure && <ErrorAlert message={failure.message} errors={failure.errors} />}
        <RequiredFieldsNote />
        <Text fz="sm">
          Setting the password for <strong>{email}</strong>.
        </Text>
        <NewPasswordFields
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
          passwordError={fieldIssues.password}
          confirmationError={fieldIssues.password_confirmation}
        />
        {needsConsent && (
          <ConsentCheckbox
            checked={hasConsented}
            onChange={setHasConsented}
            error={fieldIssues.optedIn}
          />
        )}
        <Button type="submit" loading={isBusy} fullWidth>
          Set password
        </Button>
      </Stack>
    </form>
  );
}

// A new password, its confirmation and the rules box: the block every form that sets a
// password shows (sign-up, set password from a mailed link, signed-in change).
import type { ReactNode } from 'react';
import { PasswordInput } from '@mantine/core';
import { PasswordRules } from './password-rules.tsx';

export function NewPasswordFields(props: {
  passwordLabel?: string;
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  /** A message, or true to mark the field when the message is listed elsewhere. */
  passwordError?: ReactNode;
  confirmationError?: ReactNode;
}) {
  return (
    <>
      <PasswordInput
        label={props.passwordLabel ?? 'Password'}
        autoComplete="new-password"
        value={props.password}
        onChange={(event) => props.onPasswordChange(event.currentTarget.value)}
        error={props.passwordError}
        required
      />
      <PasswordInput
        label="Confirm password"
        autoComplete="new-password"
        value={props.confirmation}
        onChange={(event) => props.onConfirmationChange(event.currentTarget.value)}
        error={props.confirmationError}
        required
      />
      <PasswordRules />
    </>
  );
}

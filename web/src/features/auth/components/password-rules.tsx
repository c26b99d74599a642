// The rules box shown beside every new-password field (docs/product.md, "Validation rules and
// limits").
import { Alert } from '@mantine/core';
import { messages } from '@recuse/common';

export function PasswordRules() {
  return (
    <Alert color="blue" variant="light" title="Password rules" role="note">
      {messages.passwordRules}
    </Alert>
  );
}

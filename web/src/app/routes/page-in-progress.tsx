// The body of pages whose screens arrive in later issues.
import { Alert } from '@mantine/core';

export function PageInProgress() {
  return (
    <Alert color="gray" variant="light" role="note">
      This page is being built. It will be available in an upcoming release.
    </Alert>
  );
}

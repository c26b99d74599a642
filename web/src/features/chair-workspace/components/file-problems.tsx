// Why an uploaded file was refused: each problem the server found in it (its `file` errors), or
// the one message when it said nothing more.
import { Alert, List } from '@mantine/core';
import type { SubmitFailure } from '../../../lib/use-form-submit.ts';

export function FileProblems({ title, failure }: { title: string; failure: SubmitFailure | null }) {
  if (!failure) return null;
  const problems = failure.errors.file ?? [failure.message];
  return (
    <Alert color="red" role="alert" mt="xs" title={title}>
      <List fz="sm">
        {problems.map((problem) => (
          <List.Item key={problem}>{problem}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

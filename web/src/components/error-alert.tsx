// A red alert with a message and, below it, each field error the server or a form reported.
import { Alert, List } from '@mantine/core';
import type { FieldErrors } from '@recuse/common';

type ErrorAlertProps = {
  title?: string;
  message?: string;
  errors?: FieldErrors | string[];
};

export function ErrorAlert({ title, message, errors = [] }: ErrorAlertProps) {
  const details = Array.isArray(errors) ? errors : Object.values(errors).flat();
  const uniqueDetails = [...new Set(details)].filter((detail) => detail !== message);
  if (!title && !message && uniqueDetails.length === 0) return null;
  // With details below it, the message reads as their heading.
  const heading = title ?? (uniqueDetails.length > 0 ? message : undefined);
  const body = heading === message ? undefined : message;
  return (
    <Alert color="red" title={heading} role="alert">
      {body}
      {uniqueDetails.length > 0 && (
        <List size="sm" mt={body ? 'xs' : 0}>
          {uniqueDetails.map((detail) => (
            <List.Item key={detail}>{detail}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

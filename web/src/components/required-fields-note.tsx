// What the asterisk after a label means (web/src/app/required-fields.css draws it), said once at
// the top of each form that has required fields.
import { Text } from '@mantine/core';

export const requiredFieldsNote = 'Fields marked with an asterisk (*) are required.';

export function RequiredFieldsNote() {
  return (
    <Text size="sm" c="dimmed">
      {requiredFieldsNote}
    </Text>
  );
}

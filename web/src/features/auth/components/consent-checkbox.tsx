// The consent a new member gives, on sign-up and on the first password of an invited user.
import { Checkbox } from '@mantine/core';

export const consentLabel =
  'I agree to become a member of Recuse and consent to cookies and automated mails';

type ConsentCheckboxProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | boolean;
};

export function ConsentCheckbox({ checked, onChange, error }: ConsentCheckboxProps) {
  return (
    <Checkbox
      label={consentLabel}
      required
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      error={error}
    />
  );
}

// What an affiliation's month field looks like, shared by the picker (month-picker.tsx) and the
// stand-in drawn while the picker's code loads (month-field.tsx): the same label, placeholder,
// width and marks before and after, so nothing moves and neither a person nor a test finds
// another field. Its own file, so the stand-in need not load the picker to draw it.
import type { ReactNode } from 'react';

export type MonthFieldProps = {
  label: string;
  /** The first day of the chosen month, YYYY-MM-DD, or null. */
  value: string | null;
  minDate: string;
  maxDate: string;
  /** true outlines the field red without a message under it. */
  error?: ReactNode;
  onChange: (value: string | null) => void;
};

export const monthPlaceholder = 'MM/YYYY';

export function monthFieldLook(label: string, error: ReactNode) {
  return {
    label,
    placeholder: monthPlaceholder,
    error,
    required: true,
    withAsterisk: false,
    miw: 140,
  };
}

/** A value as the picker shows it: '2019-01-01' reads 01/2019. */
export function formatMonth(value: string | null): string | undefined {
  const match = value ? /^(\d{4})-(\d{2})/.exec(value) : null;
  return match ? `${match[2]}/${match[1]}` : undefined;
}

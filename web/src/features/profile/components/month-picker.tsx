// An affiliation's month picker: Mantine's MonthPickerInput, MM/YYYY with a 10-year year view
// (docs/decisions/web.md, "Profile page"). A chunk of its own, with @mantine/dates, dayjs, their
// styles and the Modal the picker imports: month-field.tsx draws a stand-in that looks the same
// until this arrives, so the profile page first loads without them (docs/benchmarks.md, "Web
// assets").
import '@mantine/dates/styles.css';
import { useEffect, useRef } from 'react';
import { MonthPickerInput } from '@mantine/dates';
import { monthFieldLook } from './month-field-look.ts';
import type { MonthFieldProps } from './month-field-look.ts';

const pickerLabels = {
  yearLevelControl: 'Choose another year',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous 10 years',
  nextDecade: 'Next 10 years',
};

type MonthPickerProps = MonthFieldProps & {
  /** Takes the focus when drawn: the stand-in it replaces had it. */
  focusesOnMount?: boolean;
  /** Opens its calendar when drawn: the stand-in it replaces was pressed. */
  opensOnMount?: boolean;
};

export function MonthPicker({
  label,
  value,
  minDate,
  maxDate,
  error,
  onChange,
  focusesOnMount = false,
  opensOnMount = false,
}: MonthPickerProps) {
  const button = useRef<HTMLButtonElement>(null);
  // Only once, as first drawn (React's strict mode runs an effect twice): later the person
  // opens and closes it.
  const onMount = useRef({ focusesOnMount, opensOnMount });
  useEffect(() => {
    const { focusesOnMount, opensOnMount } = onMount.current;
    onMount.current = { focusesOnMount: false, opensOnMount: false };
    if (focusesOnMount || opensOnMount) button.current?.focus();
    // The picker has no prop to start open; a press opens it as the person's press would have.
    if (opensOnMount) button.current?.click();
  }, []);
  return (
    <MonthPickerInput
      ref={button}
      {...monthFieldLook(label, error)}
      valueFormat="MM/YYYY"
      value={value}
      onChange={onChange}
      minDate={minDate}
      maxDate={maxDate}
      ariaLabels={pickerLabels}
    />
  );
}

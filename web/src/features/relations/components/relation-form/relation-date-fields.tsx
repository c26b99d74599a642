// The dates of a relation, as its type says (docs/product.md, "Relation types"): which dates show,
// their labels, month-and-year (MM/yyyy) or year pickers, a cap of the type's days ahead, and the
// ongoing checkbox, which hides and clears the end date.
import '@mantine/dates/styles.css';
import { Checkbox, Group } from '@mantine/core';
import { MonthPickerInput, YearPickerInput } from '@mantine/dates';
import { dateFormats } from '@recuse/common';
import type { RelationTypeWire } from '@recuse/common';

const earliestDate = '1900-01-01';
const pickerLabels = {
  yearLevelControl: 'Choose another year',
  decadeLevelControl: 'Choose another decade',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous 10 years',
  nextDecade: 'Next 10 years',
};

/** The latest date the pickers offer: today plus the type's days ahead (365 or 7300). */
export function latestPickerDate(type: RelationTypeWire, now = new Date()): string {
  const latest = new Date(now.getTime() + type.max_days_ahead * 86_400_000);
  const month = String(latest.getMonth() + 1).padStart(2, '0');
  const day = String(latest.getDate()).padStart(2, '0');
  return `${latest.getFullYear()}-${month}-${day}`;
}

type DatePickerProps = {
  label: string;
  format: number;
  value: string | null;
  minDate: string;
  maxDate: string;
  isMandatory: boolean;
  readOnly: boolean;
  error?: string;
  onChange: (value: string | null) => void;
};

function RelationDatePicker({ format, isMandatory, ...props }: DatePickerProps) {
  const common = {
    ...props,
    required: isMandatory,
    withAsterisk: false,
    clearable: !isMandatory,
    ariaLabels: pickerLabels,
    // Mantine's placeholder grey is below AA contrast on white; the theme's dimmed grey is not.
    styles: { placeholder: { color: 'var(--mantine-color-dimmed)' } },
    miw: 150,
  };
  return format === dateFormats.monthYear ? (
    <MonthPickerInput {...common} placeholder="MM/YYYY" valueFormat="MM/YYYY" />
  ) : (
    <YearPickerInput {...common} placeholder="YYYY" valueFormat="YYYY" />
  );
}

type RelationDateFieldsProps = {
  type: RelationTypeWire;
  startDate: string | null;
  endDate: string | null;
  isOngoing: boolean;
  readOnly?: boolean;
  errors: { start?: string; end?: string };
  onChange: (change: {
    startDate?: string | null;
    endDate?: string | null;
    isOngoing?: boolean;
  }) => void;
};

export function RelationDateFields({
  type,
  startDate,
  endDate,
  isOngoing,
  readOnly = false,
  errors,
  onChange,
}: RelationDateFieldsProps) {
  const latest = latestPickerDate(type);
  const showsEnd = type.show_end_date === 1 && !(type.allow_ongoing === 1 && isOngoing);
  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      {type.show_start_date === 1 && (
        <RelationDatePicker
          label={type.show_start_date_label}
          format={type.start_date_format}
          value={startDate}
          minDate={earliestDate}
          maxDate={latest}
          isMandatory={type.start_date_mandatory === 1}
          readOnly={readOnly}
          error={errors.start}
          onChange={(value) => onChange({ startDate: value })}
        />
      )}
      {showsEnd && (
        <RelationDatePicker
          label={type.show_end_date_label}
          format={type.end_date_format}
          value={endDate}
          minDate={startDate ?? earliestDate}
          maxDate={latest}
          isMandatory={type.end_date_mandatory === 1}
          readOnly={readOnly}
          error={errors.end}
          onChange={(value) => onChange({ endDate: value })}
        />
      )}
      {type.allow_ongoing === 1 && (
        <Checkbox
          label="Ongoing"
          description="No end date yet"
          checked={isOngoing}
          disabled={readOnly}
          mt={30}
          onChange={(event) => onChange({ isOngoing: event.currentTarget.checked, endDate: null })}
        />
      )}
    </Group>
  );
}

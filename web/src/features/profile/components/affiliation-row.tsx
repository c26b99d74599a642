// One institutional affiliation: institution, position, start and end month, and Current, which
// hides and clears the end date (docs/product.md, "The screens", Profile).
import { memo } from 'react';
import { Button, Checkbox, Fieldset, Group, Select } from '@mantine/core';
import type { PositionOption } from '@recuse/common';
import { messages } from '@recuse/common';
import { InstitutionPicker } from './institution-picker.tsx';
import { MonthField } from './month-field.tsx';
import type { AffiliationDraft, AffiliationField } from './profile-form-values.ts';

const earliestMonth = '1900-01-01';

type AffiliationRowProps = {
  /** The row's place in the list, from 0. */
  index: number;
  affiliation: AffiliationDraft;
  positions: readonly PositionOption[];
  /** The latest month a date may name: this month. */
  latestMonth: string;
  errors?: Partial<Record<AffiliationField, string>>;
  onChange: (index: number, affiliation: AffiliationDraft) => void;
  onRemove: (index: number) => void;
};

/** A missing field is marked red; the form rule's message for it is shown once, above the rows. */
const showError = (message: string | undefined) =>
  message === messages.affiliationFieldsRequired ? true : message;

/** Memoised: with 50 rows, a change re-renders only the row it touches. */
export const AffiliationRow = memo(function AffiliationRow({
  index,
  affiliation,
  positions,
  latestMonth,
  errors = {},
  onChange,
  onRemove,
}: AffiliationRowProps) {
  const legend = `Affiliation ${index + 1}`;
  const update = (change: Partial<AffiliationDraft>) =>
    onChange(index, { ...affiliation, ...change });
  return (
    <Fieldset legend={legend} variant="filled" radius="md">
      <InstitutionPicker
        label="Institution"
        value={affiliation.institution}
        onChange={(institution) => update({ institution })}
        error={showError(errors.institution)}
      />
      <Group align="flex-start" mt="sm" gap="md" wrap="wrap">
        <Select
          label="Position"
          placeholder="Select position"
          data={positions.map((position) => ({
            value: String(position.id),
            label: position.label,
          }))}
          value={affiliation.positionId}
          onChange={(positionId) => update({ positionId })}
          allowDeselect={false}
          error={showError(errors.position)}
          required
          withAsterisk={false}
          miw={200}
        />
        <MonthField
          label="Start date"
          value={affiliation.startDate}
          onChange={(startDate) => update({ startDate })}
          minDate={earliestMonth}
          maxDate={latestMonth}
          error={showError(errors.startDate)}
        />
        {!affiliation.isCurrent && (
          <MonthField
            label="End date"
            value={affiliation.endDate}
            onChange={(endDate) => update({ endDate })}
            minDate={affiliation.startDate ?? earliestMonth}
            maxDate={latestMonth}
            error={showError(errors.endDate)}
          />
        )}
        <Checkbox
          label="Current"
          description="I still hold this position"
          checked={affiliation.isCurrent}
          onChange={(event) => update({ isCurrent: event.currentTarget.checked, endDate: null })}
          mt={30}
        />
      </Group>
      <Group justify="flex-end" mt="sm">
        <Button
          variant="subtle"
          color="red"
          size="xs"
          onClick={() => onRemove(index)}
          aria-label={`Remove ${legend.toLowerCase()}`}
        >
          Remove
        </Button>
      </Group>
    </Fieldset>
  );
});

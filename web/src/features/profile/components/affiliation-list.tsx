// The profile's institutional affiliations (docs/product.md, "The screens", Profile, and
// "Validation rules and limits"): the rows, Add and Remove, at most 50, and the hint to list the
// past 5 years.
import { useCallback } from 'react';
import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { maxAffiliations, messages } from '@recuse/common';
import type { PositionOption } from '@recuse/common';
import { AffiliationRow } from './affiliation-row.tsx';
import { prefetchMonthPicker } from './month-field.tsx';
import { emptyAffiliation } from './profile-form-values.ts';
import type { AffiliationDraft, ProfileIssues } from './profile-form-values.ts';

type AffiliationListProps = {
  affiliations: AffiliationDraft[];
  positions: readonly PositionOption[];
  latestMonth: string;
  issues: Pick<ProfileIssues, 'affiliationList' | 'rows'>;
  /** Receives a change to apply to the latest rows; keep it stable so unchanged rows skip rendering. */
  onChange: (change: (affiliations: AffiliationDraft[]) => AffiliationDraft[]) => void;
};

export function AffiliationList({
  affiliations,
  positions,
  latestMonth,
  issues,
  onChange,
}: AffiliationListProps) {
  const isFull = affiliations.length >= maxAffiliations;

  const replaceAt = useCallback(
    (index: number, affiliation: AffiliationDraft) =>
      onChange((rows) => rows.map((row, at) => (at === index ? affiliation : row))),
    [onChange],
  );
  const removeAt = useCallback(
    (index: number) => onChange((rows) => rows.filter((_, at) => at !== index)),
    [onChange],
  );
  const add = () =>
    onChange((rows) => (rows.length >= maxAffiliations ? rows : [...rows, emptyAffiliation()]));

  return (
    // The month pickers are fetched once the pointer or the focus comes here (month-field.tsx).
    <Stack
      gap="sm"
      component="section"
      aria-labelledby="affiliations-heading"
      onPointerEnter={prefetchMonthPicker}
      onFocus={prefetchMonthPicker}
    >
      <div>
        <Title order={2} fz="h4" id="affiliations-heading">
          Institutional affiliations
        </Title>
        <Text fz="sm" c="dimmed" id="affiliations-hint">
          Please list every institution you have been affiliated with in the past 5 years, including
          the current ones.
        </Text>
      </div>
      {issues.affiliationList.length > 0 && (
        <List c="var(--mantine-color-error)" fz="sm">
          {issues.affiliationList.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      )}
      {affiliations.map((affiliation, index) => (
        <AffiliationRow
          key={affiliation.key}
          index={index}
          affiliation={affiliation}
          positions={positions}
          latestMonth={latestMonth}
          errors={issues.rows[index]}
          onChange={replaceAt}
          onRemove={removeAt}
        />
      ))}
      <Group gap="sm">
        <Button
          variant="default"
          onClick={add}
          disabled={isFull}
          aria-describedby={isFull ? 'affiliations-full' : undefined}
        >
          Add affiliation
        </Button>
        {isFull && (
          <Text fz="sm" id="affiliations-full" role="status">
            {messages.maxAffiliations}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

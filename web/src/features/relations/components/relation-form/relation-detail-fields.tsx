// The fields every type has, once one is chosen: its dates, the source, notes and the comment
// (required when modifying, or when the type asks for one).
import { Text, TextInput, Textarea } from '@mantine/core';
import { maxCommentLength, maxNotesLength, maxSourceLength } from '@recuse/common';
import type { RelationTypeWire } from '@recuse/common';
import { RelationDateFields } from './relation-date-fields.tsx';
import type { RelationFormIssues, RelationFormValues } from './relation-form-values.ts';

type RelationDetailFieldsProps = {
  type: RelationTypeWire;
  values: RelationFormValues;
  issues: RelationFormIssues;
  isModifying: boolean;
  isCommentRequired: boolean;
  onChange: (change: Partial<RelationFormValues>) => void;
};

export function RelationDetailFields({
  type,
  values,
  issues,
  isModifying,
  isCommentRequired,
  onChange,
}: RelationDetailFieldsProps) {
  return (
    <>
      <RelationDateFields
        // A new type means new pickers (month or year), so none keeps the old one's state.
        key={type.id}
        type={type}
        startDate={values.startDate}
        endDate={values.endDate}
        isOngoing={values.isOngoing}
        errors={{ start: issues.dateStartYear, end: issues.dateEndYear }}
        onChange={onChange}
      />
      <TextInput
        label="Source"
        value={values.source}
        maxLength={maxSourceLength}
        error={issues.source}
        onChange={(event) => onChange({ source: event.currentTarget.value })}
      />
      <Textarea
        label="Notes"
        value={values.notes}
        maxLength={maxNotesLength}
        rows={2}
        error={issues.notes}
        onChange={(event) => onChange({ notes: event.currentTarget.value })}
      />
      <div>
        <Textarea
          label="Comment"
          description={
            isModifying
              ? 'Required: note what you changed. Everyone on the relation reads it.'
              : isCommentRequired
                ? 'Required: say what the relationship is.'
                : 'Optional: it starts the activity log of the relation.'
          }
          value={values.comment}
          maxLength={maxCommentLength}
          rows={3}
          required={isCommentRequired}
          withAsterisk={false}
          error={issues.sourceUserUpdateComment}
          onChange={(event) => onChange({ comment: event.currentTarget.value })}
        />
        <Text size="xs" c="dimmed" aria-live="polite">
          {values.comment.length}/{maxCommentLength}
        </Text>
      </div>
    </>
  );
}

// The relation form (docs/product.md, "The relation form"): adding a relation, and the creator's
// modification of one. The type decides the fields (relation-subject-fields.tsx); then its dates,
// source, notes and the comment (relation-detail-fields.tsx), fetched once a type is chosen
// (relation-type-fields.tsx). State and save: use-relation-form.ts.
import { lazy, Suspense } from 'react';
import type { ReactNode, RefObject } from 'react';
import { Alert, Anchor, Button, Group, Select, Stack } from '@mantine/core';
import { Link } from 'react-router';
import type { RelationSaveReply, RelationTypeWire } from '@recuse/common';
import { paths } from '../../../../app/paths.ts';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { RequiredFieldsNote } from '../../../../components/required-fields-note.tsx';
import type { PersonOption, PublicationOption } from '../../api/get-add-new-data.ts';
import { HelpButton } from './help-modals.tsx';
import type { EditableRelation } from './relation-form-values.ts';
import type { InstitutionPickerSlotProps } from './relation-subject-fields.tsx';
import { useRelationForm } from './use-relation-form.ts';
import type { RelationFormSummary } from './use-relation-form.ts';
import { WithHelp } from './with-help.tsx';

export type { InstitutionPickerSlotProps };

// The type's fields, with the date pickers and the pickers they use, are not on the page until a
// type is chosen: fetched then, or as soon as the type list opens (docs/benchmarks.md,
// "Web assets").
const loadTypeFields = () => import('./relation-type-fields.tsx');
const RelationTypeFields = lazy(() =>
  loadTypeFields().then((module) => ({ default: module.RelationTypeFields })),
);
/** A failed fetch is tried again when the fields are drawn. */
const prefetchTypeFields = () => void loadTypeFields().catch(() => undefined);

type RelationFormProps = {
  relationTypes: readonly RelationTypeWire[];
  knownPeople: readonly PersonOption[];
  paperTypes: Record<string, string>;
  publications?: readonly PublicationOption[];
  /**
   * 'Entry by self: Name, e-mail', the source of a new entry (docs/product.md, "The relation
   * form").
   */
  defaultSource?: string;
  /** The relation being modified by its creator; absent when adding one. */
  relation?: EditableRelation;
  renderInstitutionPicker: (props: InstitutionPickerSlotProps) => ReactNode;
  onSaved: (reply: RelationSaveReply, typeId: number) => void;
  onCancel?: () => void;
};

export function RelationForm({
  relationTypes,
  knownPeople,
  paperTypes,
  publications = [],
  defaultSource = '',
  relation,
  renderInstitutionPicker,
  onSaved,
  onCancel,
}: RelationFormProps) {
  const form = useRelationForm({ relationTypes, defaultSource, relation, onSaved });
  const { values, type, issues } = form;
  const typeOptions = relationTypes.map((candidate) => ({
    value: String(candidate.id),
    label: candidate.name,
  }));

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
      noValidate
      aria-label="Relation form"
    >
      <Stack gap="md">
        <RequiredFieldsNote />
        {form.summary && (
          <SaveSummary
            summary={form.summary}
            typeId={values.typeId ?? 0}
            summaryRef={form.summaryRef}
          />
        )}
        {form.success && (
          <Alert color="green" role="status">
            {form.success}
          </Alert>
        )}

        <WithHelp help={<HelpButton topic="relationType" relationTypes={relationTypes} />}>
          <Select
            label="Relation type"
            placeholder="Select relation type"
            data={typeOptions}
            value={values.typeId === null ? null : String(values.typeId)}
            onChange={form.chooseType}
            onDropdownOpen={prefetchTypeFields}
            allowDeselect={false}
            disabled={form.isModifying}
            error={issues.relationType}
            required
            withAsterisk={false}
            description={type?.description}
          />
        </WithHelp>

        {type && form.subject && (
          <Suspense fallback={null}>
            <RelationTypeFields
              subject={{
                type,
                subject: form.subject,
                values,
                issues,
                knownPeople,
                paperTypes,
                publications,
                renderInstitutionPicker,
                onChange: form.update,
              }}
              detail={{
                type,
                values,
                issues,
                isModifying: form.isModifying,
                isCommentRequired: form.isCommentRequired,
                onChange: form.update,
              }}
            />
          </Suspense>
        )}

        <Group>
          <Button type="submit" loading={form.isSaving} disabled={form.success !== ''}>
            Save
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function SaveSummary({
  summary,
  typeId,
  summaryRef,
}: {
  summary: RelationFormSummary;
  typeId: number;
  summaryRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    // Clear of the sticky top bar when focus scrolls it into view.
    <div ref={summaryRef} tabIndex={-1} style={{ scrollMarginTop: 96 }}>
      <ErrorAlert message={summary.message} errors={summary.details} />
      {summary.duplicateId ? (
        <Anchor component={Link} to={paths.relation.href(summary.duplicateId, typeId)} fz="sm">
          View the existing relation
        </Anchor>
      ) : null}
    </div>
  );
}

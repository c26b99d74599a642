// The relation form (docs/product.md, "The relation form"): adding a relation, and the creator's
// modification of one. The type decides the fields: a person (1, 2, 4, 5), a title with co-authors
// (3, 6, 7), or an institution (8); then its dates, source, notes and the comment. The form checks
// with the shared save schema before sending, then shows the server's answer.
import { useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { Link } from 'react-router';
import {
  maxCommentLength,
  maxNotesLength,
  maxSourceLength,
  messages,
  relationTypeIds,
} from '@recuse/common';
import type { RelationSaveReply, RelationTypeWire } from '@recuse/common';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import type { PersonOption, PublicationOption } from '../../api/get-add-new-data.ts';
import { saveRelation } from '../../api/save-relation.ts';
import { HelpButton } from './help-modals.tsx';
import { PersonPicker } from './person-picker.tsx';
import { PublicationFields } from './publication-fields.tsx';
import { WithHelp } from './with-help.tsx';
import { RelationDateFields } from './relation-date-fields.tsx';
import {
  emptyFormValues,
  fromRelationView,
  placeServerErrors,
  toSaveFields,
  validateRelationForm,
} from './relation-form-values.ts';
import type {
  EditableRelation,
  InstitutionValue,
  RelationFormIssues,
  RelationFormValues,
} from './relation-form-values.ts';
import { RequiredFieldsNote } from '../../../../components/required-fields-note.tsx';
import { paths } from '../../../../app/paths.ts';

/** What the page's institution picker needs (the profile's picker, handed in by the page). */
export type InstitutionPickerSlotProps = {
  label: string;
  value: InstitutionValue | null;
  onChange: (value: InstitutionValue | null) => void;
  error?: string;
};

type Summary = { message: string; details: string[]; duplicateId?: number | null };

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
  const isModifying = relation !== undefined;
  const [values, setValues] = useState<RelationFormValues>(() =>
    relation ? fromRelationView(relation) : emptyFormValues(defaultSource),
  );
  const [issues, setIssues] = useState<RelationFormIssues>({});
  const [summary, setSummary] = useState<Summary | null>(null);
  const [success, setSuccess] = useState('');
  const [isSaving, setIsSaving] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const type = relationTypes.find((candidate) => candidate.id === values.typeId);
  const isPublicationLike = type?.is_multi_person === 1;
  const isInstitutionType = type?.id === relationTypeIds.pendingEmployment;
  const isCommentRequired = isModifying || type?.comment_mandatory === 1;

  function update(change: Partial<RelationFormValues>) {
    setValues((current) => ({ ...current, ...change }));
  }

  function chooseType(typeText: string | null) {
    // Each type has its own date formats and labels, so dates chosen for another type go.
    update({
      typeId: typeText ? Number(typeText) : null,
      startDate: null,
      endDate: null,
      isOngoing: false,
    });
    setIssues({});
    setSummary(null);
  }

  function showSummary(next: Summary) {
    setSummary(next);
    // After React draws it: the summary is where a keyboard or screen-reader user should land.
    setTimeout(() => summaryRef.current?.focus(), 0);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isSaving || success) return;
    const original = relation
      ? { relationId: relation.GID, publicationName: relation.publicationName }
      : undefined;
    const fields = toSaveFields(values, type, original);
    const problems = validateRelationForm(fields);
    setIssues(problems);
    if (Object.keys(problems).length > 0) {
      showSummary({
        message: messages.checkBelowFields,
        details: [...new Set(Object.values(problems))],
      });
      return;
    }
    setSummary(null);
    setIsSaving(true);
    try {
      const outcome = await saveRelation(values.typeId ?? 0, fields);
      if (outcome.kind === 'saved') {
        setSuccess(outcome.reply.message);
        onSaved(outcome.reply, values.typeId ?? 0);
      } else if (outcome.kind === 'duplicate') {
        showSummary({
          message: outcome.message || messages.relationExists,
          details: [],
          duplicateId: outcome.relationId,
        });
      } else {
        setIssues(placeServerErrors(outcome.errors));
        showSummary({
          message: outcome.message || messages.recordNotSaved,
          details: [...new Set(Object.values(outcome.errors).flat())],
        });
      }
    } catch {
      showSummary({ message: messages.recordNotSaved, details: [] });
    } finally {
      setIsSaving(false);
    }
  }

  const typeOptions = relationTypes.map((candidate) => ({
    value: String(candidate.id),
    label: candidate.name,
  }));

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Relation form">
      <Stack gap="md">
        <RequiredFieldsNote />
        {summary && (
          // Clear of the sticky top bar when focus scrolls it into view.
          <div ref={summaryRef} tabIndex={-1} style={{ scrollMarginTop: 96 }}>
            <ErrorAlert message={summary.message} errors={summary.details} />
            {summary.duplicateId ? (
              <Anchor
                component={Link}
                to={paths.relation.href(summary.duplicateId, values.typeId ?? 0)}
                fz="sm"
              >
                View the existing relation
              </Anchor>
            ) : null}
          </div>
        )}
        {success && (
          <Alert color="green" role="status">
            {success}
          </Alert>
        )}

        <WithHelp help={<HelpButton topic="relationType" relationTypes={relationTypes} />}>
          <Select
            label="Relation type"
            placeholder="Select relation type"
            data={typeOptions}
            value={values.typeId === null ? null : String(values.typeId)}
            onChange={chooseType}
            allowDeselect={false}
            disabled={isModifying}
            error={issues.relationType}
            required
            withAsterisk={false}
            description={type?.description}
          />
        </WithHelp>

        {type?.id === relationTypeIds.personal && (
          // Who sees a personal relation (docs/conflicts.md, "Personal relations").
          <Alert color="blue" title="Private relation" role="note">
            {messages.personalRelationPrivacy}
          </Alert>
        )}

        {type && !isPublicationLike && !isInstitutionType && (
          <WithHelp help={<HelpButton topic="persons" />}>
            <PersonPicker
              label="Person name"
              knownPeople={knownPeople}
              value={values.person}
              onChange={(person) => update({ person })}
              error={issues.rUserId}
              required
            />
          </WithHelp>
        )}

        {type && isPublicationLike && (
          <PublicationFields
            type={type}
            values={values}
            issues={issues}
            knownPeople={knownPeople}
            paperTypes={paperTypes}
            publications={publications}
            onChange={update}
          />
        )}

        {type && isInstitutionType && (
          <WithHelp help={<HelpButton topic="institution" />}>
            {renderInstitutionPicker({
              label: 'Institution',
              value: values.institution,
              onChange: (institution) => update({ institution }),
              error: issues.rInstitutionId ?? issues.rInstitutionName,
            })}
          </WithHelp>
        )}

        {type && (
          <>
            <RelationDateFields
              // A new type means new pickers (month or year), so none keeps the old one's state.
              key={type.id}
              type={type}
              startDate={values.startDate}
              endDate={values.endDate}
              isOngoing={values.isOngoing}
              errors={{ start: issues.dateStartYear, end: issues.dateEndYear }}
              onChange={update}
            />
            <TextInput
              label="Source"
              value={values.source}
              maxLength={maxSourceLength}
              error={issues.source}
              onChange={(event) => update({ source: event.currentTarget.value })}
            />
            <Textarea
              label="Notes"
              value={values.notes}
              maxLength={maxNotesLength}
              rows={2}
              error={issues.notes}
              onChange={(event) => update({ notes: event.currentTarget.value })}
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
                onChange={(event) => update({ comment: event.currentTarget.value })}
              />
              <Text size="xs" c="dimmed" aria-live="polite">
                {values.comment.length}/{maxCommentLength}
              </Text>
            </div>
          </>
        )}

        <Group>
          <Button type="submit" loading={isSaving} disabled={success !== ''}>
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

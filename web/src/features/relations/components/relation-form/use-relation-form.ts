// The relation form's state: the values, what the chosen type decides, and the save. The form
// checks with the shared save schema before sending (useFormSubmit), places each message on its
// field, and sums up what went wrong above the form, where focus goes.
import { useEffect, useRef, useState } from 'react';
import { buildRelationSaveSchema, messages, relationTypeIds } from '@recuse/common';
import type { RelationSaveReply, RelationTypeWire } from '@recuse/common';
import type { FormFields } from '../../../../lib/api-client.ts';
import { useFormSubmit } from '../../../../lib/use-form-submit.ts';
import type { SubmitFailure } from '../../../../lib/use-form-submit.ts';
import { readDuplicate, saveRelation } from '../../api/save-relation.ts';
import {
  emptyFormValues,
  fromRelationView,
  placeIssues,
  placeServerErrors,
  toSaveFields,
} from './relation-form-values.ts';
import type {
  EditableRelation,
  RelationFormIssues,
  RelationFormValues,
} from './relation-form-values.ts';

/** What went wrong, above the form; a duplicate links to the relation that exists. */
export type RelationFormSummary = {
  message: string;
  details: string[];
  duplicateId?: number | null;
};

/** Who or what a type's relation is with: a person (1, 2, 4, 5), a publication (3, 6, 7), an institution (8). */
export type RelationSubject = 'person' | 'publication' | 'institution';

const relationSaveSchema = buildRelationSaveSchema();

type RelationFormOptions = {
  relationTypes: readonly RelationTypeWire[];
  defaultSource: string;
  relation: EditableRelation | undefined;
  onSaved: (reply: RelationSaveReply, typeId: number) => void;
};

export function useRelationForm({
  relationTypes,
  defaultSource,
  relation,
  onSaved,
}: RelationFormOptions) {
  const isModifying = relation !== undefined;
  const [values, setValues] = useState<RelationFormValues>(() =>
    relation ? fromRelationView(relation) : emptyFormValues(defaultSource),
  );
  const [success, setSuccess] = useState('');
  const summaryRef = useRef<HTMLDivElement>(null);
  const type = relationTypes.find((candidate) => candidate.id === values.typeId);
  const save = useFormSubmit({
    schema: relationSaveSchema,
    collectIssues: placeIssues,
    // The save calls take the form's fields as they are; the schema only checks them.
    send: (_parsed, fields: FormFields) => saveRelation(values.typeId ?? 0, fields),
    failureMessage: messages.recordNotSaved,
    describeFailure: (refusal) => {
      const duplicate = readDuplicate(refusal);
      if (duplicate) return duplicate.message || messages.relationExists;
      return refusal.message || messages.recordNotSaved;
    },
    onSuccess: (reply) => {
      setSuccess(reply.message);
      onSaved(reply, values.typeId ?? 0);
    },
  });

  // After each check or answer that went wrong: the summary is where a keyboard or
  // screen-reader user should land.
  const { failure, fieldIssues } = save;
  useEffect(() => {
    if (failure || Object.keys(fieldIssues).length > 0) summaryRef.current?.focus();
  }, [failure, fieldIssues]);

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
    save.reset();
  }

  function submit() {
    if (success) return;
    const original = relation
      ? { relationId: relation.GID, publicationName: relation.publicationName }
      : undefined;
    void save.submit(toSaveFields(values, type, original));
  }

  const issues: RelationFormIssues = {
    ...fieldIssues,
    ...placeServerErrors(failure?.errors ?? {}),
  };
  return {
    values,
    update,
    chooseType,
    submit,
    type,
    subject: type && findSubject(type),
    isModifying,
    isCommentRequired: isModifying || type?.comment_mandatory === 1,
    issues,
    summary: summarize(failure, fieldIssues),
    summaryRef,
    success,
    isSaving: save.isBusy,
  };
}

function findSubject(type: RelationTypeWire): RelationSubject {
  if (type.is_multi_person === 1) return 'publication';
  return type.id === relationTypeIds.pendingEmployment ? 'institution' : 'person';
}

const unique = (texts: readonly string[]) => [...new Set(texts)];

function summarize(
  failure: SubmitFailure | undefined,
  fieldIssues: RelationFormIssues,
): RelationFormSummary | null {
  if (failure) {
    return {
      message: failure.message,
      details: unique(Object.values(failure.errors).flat()),
      duplicateId: readDuplicate(failure.refusal)?.relationId,
    };
  }
  const found = Object.values(fieldIssues);
  if (found.length === 0) return null;
  return { message: messages.checkBelowFields, details: unique(found) };
}

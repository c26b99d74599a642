// The fields the type decides (docs/product.md, "The relation form"): the person (types 1, 2, 4,
// 5), the title with its co-authors (3, 6, 7), or the institution (8), which the page's picker
// fills.
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { messages, relationTypeIds } from '@recuse/common';
import type { RelationTypeWire } from '@recuse/common';
import type { PersonOption, PublicationOption } from '../../api/get-add-new-data.ts';
import { HelpButton } from './help-modals.tsx';
import { PersonPicker } from './person-picker.tsx';
import { PublicationFields } from './publication-fields.tsx';
import type {
  InstitutionValue,
  RelationFormIssues,
  RelationFormValues,
} from './relation-form-values.ts';
import type { RelationSubject } from './use-relation-form.ts';
import { WithHelp } from './with-help.tsx';

/** What the page's institution picker needs (the profile's picker, handed in by the page). */
export type InstitutionPickerSlotProps = {
  label: string;
  value: InstitutionValue | null;
  onChange: (value: InstitutionValue | null) => void;
  error?: string;
};

type RelationSubjectFieldsProps = {
  type: RelationTypeWire;
  subject: RelationSubject;
  values: RelationFormValues;
  issues: RelationFormIssues;
  knownPeople: readonly PersonOption[];
  paperTypes: Record<string, string>;
  publications: readonly PublicationOption[];
  renderInstitutionPicker: (props: InstitutionPickerSlotProps) => ReactNode;
  onChange: (change: Partial<RelationFormValues>) => void;
};

export function RelationSubjectFields({
  type,
  subject,
  values,
  issues,
  knownPeople,
  paperTypes,
  publications,
  renderInstitutionPicker,
  onChange,
}: RelationSubjectFieldsProps) {
  return (
    <>
      {type.id === relationTypeIds.personal && (
        // Who sees a personal relation (docs/conflicts.md, "Personal relations").
        <Alert color="blue" title="Private relation" role="note">
          {messages.personalRelationPrivacy}
        </Alert>
      )}
      {subject === 'person' && (
        <WithHelp help={<HelpButton topic="persons" />}>
          <PersonPicker
            label="Person name"
            knownPeople={knownPeople}
            value={values.person}
            onChange={(person) => onChange({ person })}
            error={issues.rUserId}
            required
          />
        </WithHelp>
      )}
      {subject === 'publication' && (
        <PublicationFields
          type={type}
          values={values}
          issues={issues}
          knownPeople={knownPeople}
          paperTypes={paperTypes}
          publications={publications}
          onChange={onChange}
        />
      )}
      {subject === 'institution' && (
        <WithHelp help={<HelpButton topic="institution" />}>
          {renderInstitutionPicker({
            label: 'Institution',
            value: values.institution,
            onChange: (institution) => onChange({ institution }),
            error: issues.rInstitutionId ?? issues.rInstitutionName,
          })}
        </WithHelp>
      )}
    </>
  );
}

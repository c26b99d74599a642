// A conference's name (on creation only: it is the conflicts page's URL segment), label and
// reference date (docs/api-conflicts.md, "Conference management").
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { conferenceCreateSchema, conferenceUpdateSchema, messages } from '@recuse/common';
import type { ConferenceOption, ConferenceReply } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { RequiredFieldsNote } from '../../../components/required-fields-note.tsx';
import { useFormSubmit } from '../../../lib/use-form-submit.ts';
import { createConference, updateConference } from '../api/conferences.ts';

type ConferenceFormProps = {
  /** The conference to edit; none to create one. */
  conference?: ConferenceOption;
  onSaved: (reply: ConferenceReply) => void;
};

export function ConferenceForm({ conference, onSaved }: ConferenceFormProps) {
  const isNew = conference === undefined;
  const [name, setName] = useState('');
  const [label, setLabel] = useState(conference?.label ?? '');
  const [referenceDate, setReferenceDate] = useState(conference?.reference_date ?? '');
  const { submit, isBusy, fieldIssues, failure } = useFormSubmit({
    schema: isNew ? conferenceCreateSchema : conferenceUpdateSchema,
    send: (parsed) =>
      conference
        ? updateConference(conference.confid, parsed)
        : createConference(parsed as typeof parsed & { name: string }),
    failureMessage: messages.recordNotSaved,
    onSuccess: onSaved,
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(
      isNew
        ? { name, label, reference_date: referenceDate }
        : { label, reference_date: referenceDate },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm" maw={560}>
        <RequiredFieldsNote />
        {failure && <ErrorAlert message={failure.message} errors={failure.errors} />}
        {isNew && (
          <TextInput
            label="Acronym"
            description="Letters, digits, dots, dashes or underscores; it names the conference in links, e.g. ISCA-2027"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={fieldIssues.name}
            required
          />
        )}
        <TextInput
          label="Name"
          description="What the conflicts page's dropdown shows, e.g. ISCA 2027"
          value={label}
          onChange={(event) => setLabel(event.currentTarget.value)}
          error={fieldIssues.label}
          required
        />
        <TextInput
          label="Reference date"
          type="date"
          description="Usually the submission deadline: rule windows are measured back from it. Blank means today."
          value={referenceDate}
          onChange={(event) => setReferenceDate(event.currentTarget.value)}
          error={fieldIssues.reference_date}
          maw={260}
        />
        <Group>
          <Button type="submit" loading={isBusy}>
            {isNew ? 'Create conference' : 'Save details'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// The dialogs of an institution decision: merge into another institution (picked by a search
// over names and aliases), reject with the reason the proposer receives, and edit the name,
// aliases, e-mail domains and country. Each shows the server's refusal in the dialog.
import type { ChangeEvent } from 'react';
import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { AdminInstitution } from '@recuse/common';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import type { SubmitFailure } from '../../../lib/use-form-submit.ts';
import type { InstitutionEdit } from '../api/admin-institutions.ts';
import { useInstitutionSearch } from '../api/admin-institutions.ts';

export type InstitutionDialog =
  | { kind: 'merge'; institution: AdminInstitution }
  | { kind: 'reject'; institution: AdminInstitution }
  | { kind: 'edit'; institution: AdminInstitution };

type DialogProps = {
  dialog: InstitutionDialog;
  busy: boolean;
  failure: SubmitFailure | null;
  onClose: () => void;
  onMerge: (institution: AdminInstitution, target: AdminInstitution) => void;
  onReject: (institution: AdminInstitution, reason: string) => void;
  onEdit: (institution: AdminInstitution, edit: InstitutionEdit) => void;
};

const titles = {
  merge: 'Merge into another institution',
  reject: 'Reject the proposal',
  edit: 'Edit the institution',
} as const;

export function InstitutionDialogModal(props: DialogProps) {
  const { dialog, failure, onClose } = props;
  return (
    <Modal opened onClose={onClose} title={`${titles[dialog.kind]}: ${dialog.institution.name}`}>
      <Stack gap="sm">
        {failure && <ErrorAlert message={failure.message} errors={failure.errors} />}
        {dialog.kind === 'merge' && <MergeForm {...props} institution={dialog.institution} />}
        {dialog.kind === 'reject' && <RejectForm {...props} institution={dialog.institution} />}
        {dialog.kind === 'edit' && <EditForm {...props} institution={dialog.institution} />}
      </Stack>
    </Modal>
  );
}

type FormProps = DialogProps & { institution: AdminInstitution };

/** A target may take others in unless it was rejected or merged itself. */
const canTakeIn = (candidate: AdminInstitution, source: AdminInstitution) =>
  candidate.id !== source.id && candidate.status !== 4 && candidate.mergedInto === null;

function optionLabel(institution: AdminInstitution) {
  const aliases = institution.aliases.length > 0 ? ` (${institution.aliases.join(', ')})` : '';
  const waiting = institution.status === 3 ? ' [awaiting approval]' : '';
  return `${institution.name}${aliases}${waiting}`;
}

function MergeForm({ institution, busy, onClose, onMerge }: FormProps) {
  const [searchText, setSearchText] = useState('');
  const [targetId, setTargetId] = useState<string | null>(null);
  const search = useInstitutionSearch(searchText);
  const [picked, setPicked] = useState<AdminInstitution | null>(null);
  const candidates = (search.data ?? []).filter((candidate) => canTakeIn(candidate, institution));
  const options = candidates.map((candidate) => ({
    value: String(candidate.id),
    label: optionLabel(candidate),
  }));
  if (picked && !options.some((option) => option.value === String(picked.id))) {
    options.unshift({ value: String(picked.id), label: optionLabel(picked) });
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (picked) onMerge(institution, picked);
      }}
    >
      <Stack gap="sm">
        <Text fz="sm">
          {institution.name} becomes an alias of the institution you pick; its affiliations and
          relations move there, and pending applications with it are validated if that institution
          is approved.
        </Text>
        <Select
          label="Merge into"
          description="Type part of a name or an alias"
          placeholder="Search institutions"
          searchable
          data={options}
          value={targetId}
          searchValue={searchText}
          onSearchChange={setSearchText}
          // The server matches aliases too: its answer is the list, unfiltered here.
          filter={({ options: all }) => all}
          nothingFoundMessage={search.isFetching ? 'Searching…' : 'No institution matches.'}
          onChange={(value) => {
            setTargetId(value);
            setPicked(candidates.find((candidate) => String(candidate.id) === value) ?? null);
          }}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={!picked}>
            Merge
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RejectForm({ institution, busy, onClose, onReject }: FormProps) {
  const [reason, setReason] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onReject(institution, reason);
      }}
    >
      <Stack gap="sm">
        <Textarea
          label="Reason for rejection"
          description="The proposer and everyone who named the institution receive it."
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={1000}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={busy}>
            Reject
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EditForm({ institution, busy, onClose, onEdit }: FormProps) {
  const [edit, setEdit] = useState<InstitutionEdit>({
    name: institution.name,
    aliases: institution.aliases.join('\n'),
    emailDomains: institution.emailDomains.join('\n'),
    country: institution.country,
  });
  const field =
    (name: keyof InstitutionEdit) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.currentTarget.value;
      setEdit((current) => ({ ...current, [name]: value }));
    };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onEdit(institution, edit);
      }}
    >
      <Stack gap="sm">
        <TextInput label="Name" value={edit.name} onChange={field('name')} required />
        <Textarea
          label="Aliases"
          description="One per line"
          value={edit.aliases}
          onChange={field('aliases')}
          autosize
          minRows={2}
        />
        <Textarea
          label="E-mail domains"
          description="Such as example.org; one per line"
          value={edit.emailDomains}
          onChange={field('emailDomains')}
          autosize
          minRows={2}
        />
        <TextInput label="Country" value={edit.country} onChange={field('country')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

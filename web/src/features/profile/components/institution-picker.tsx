// The institution of one affiliation (docs/product.md, "The screens", Profile): the server's
// search finds what the person types, by name, alias, acronym or a name in another language
// (docs/institutions.md, "Finding an imported institution"), each shown with the name that
// matched; a name it does not know is offered as a new institution, 'Name, alias, alias'. When
// the text is an institution's name or alias (the search says `exact`), that institution is
// picked and nothing is proposed.
import { Combobox, Text } from '@mantine/core';
import { institutionPickerLimit } from '@recuse/common';
import { SearchPicker, useSearchPicker } from '../../../components/search-picker.tsx';
import { isSearchable, useInstitutionPickerSearch } from '../api/search-institutions.ts';
import {
  describeInstitution,
  readTypedInstitution,
  toListedChoice,
} from './profile-form-values.ts';
import type { InstitutionChoice } from './profile-form-values.ts';

const createValue = '$create';

type InstitutionPickerProps = {
  label: string;
  value: InstitutionChoice | null;
  onChange: (choice: InstitutionChoice | null) => void;
  error?: string | boolean;
};

export function InstitutionPicker({ label, value, onChange, error }: InstitutionPickerProps) {
  const shownLabel = describeInstitution(value);
  const picker = useSearchPicker(shownLabel);
  const { combobox, search, setSearch, isBrowsing } = picker;
  const typed = readTypedInstitution(search);
  const { found, isSettled, isSearching } = useInstitutionPickerSearch(
    isBrowsing ? '' : typed.name,
  );
  const canCreate =
    !isBrowsing &&
    isSearchable(typed.name) &&
    isSettled &&
    !found.some((institution) => institution.exact);

  function handleOptionSubmit(optionValue: string) {
    combobox.closeDropdown();
    if (optionValue === createValue) {
      const choice: InstitutionChoice = { kind: 'new', ...typed };
      setSearch(describeInstitution(choice));
      onChange(choice);
      return;
    }
    const institution = found.find((candidate) => String(candidate.id) === optionValue);
    if (!institution) return;
    setSearch(institution.name);
    onChange(toListedChoice(institution));
  }

  function handleBlur() {
    if (search.trim() === '') {
      if (value) onChange(null);
      setSearch('');
      return;
    }
    // Leaving without picking keeps the institution chosen before.
    setSearch(shownLabel);
  }

  const newChoiceNote =
    value?.kind === 'new' ? (
      <>
        Not on the list yet: <b>{value.name}</b>
        {value.aliases.length > 0 && <> (also known as {value.aliases.join(', ')})</>} will be sent
        for approval when you save. If it is another name of a listed institution, you are
        affiliated with that one instead.
      </>
    ) : undefined;

  return (
    <div>
      <SearchPicker
        picker={picker}
        label={label}
        inputProps={{
          description:
            'Type to search. Not listed? Type its name and any other names, separated by commas.',
          error,
          required: true,
          inputWrapperOrder: ['label', 'input', 'description', 'error'],
        }}
        onSearchChange={setSearch}
        onBlur={handleBlur}
        onOptionSubmit={handleOptionSubmit}
        optionCount={found.length + (canCreate ? 1 : 0)}
        isSearching={isSearching}
        empty={
          isBrowsing || !isSearchable(typed.name)
            ? 'Type two letters or more of a name, an acronym or another name to search.'
            : 'No institution matches.'
        }
        footer={
          found.length >= institutionPickerLimit
            ? `Showing the first ${found.length} matches. Type more to narrow the list.`
            : undefined
        }
      >
        {found.map((institution) => (
          <Combobox.Option
            key={institution.id}
            value={String(institution.id)}
            active={value?.kind === 'listed' && value.id === institution.id}
          >
            {institution.name}
            {institution.alias && (
              <Text span fz="xs" c="dimmed">
                {' '}
                (also {institution.alias})
              </Text>
            )}
          </Combobox.Option>
        ))}
        {canCreate && (
          <Combobox.Option value={createValue}>
            Add new institution: {typed.name}
            {typed.aliases.length > 0 && ` (also known as ${typed.aliases.join(', ')})`}
          </Combobox.Option>
        )}
      </SearchPicker>
      {newChoiceNote && (
        <Text fz="sm" mt={4} c="dimmed" role="note">
          {newChoiceNote}
        </Text>
      )}
    </div>
  );
}

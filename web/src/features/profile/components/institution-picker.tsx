// The institution of one affiliation: a searchable list that also creates an institution from typed
// text, 'Name, alias, alias' (docs/product.md, "The screens", Profile). Names compare as
// institutionKey does (no case, accents or punctuation), so typing a listed name picks it rather
// than proposing it again. As the person types, the server's search adds the institutions that
// only another of their names finds (an acronym, a name in another language), each shown with
// the name that matched; typing such a name exactly picks it rather than proposing it.
import { useEffect, useMemo, useState } from 'react';
import { Combobox, ScrollArea, Text, TextInput, useCombobox } from '@mantine/core';
import { institutionKey } from '@recuse/common';
import { useInstitutionPickerSearch } from '../api/search-institutions.ts';
import {
  describeInstitution,
  readTypedInstitution,
  toListedChoice,
} from './profile-form-values.ts';
import type { InstitutionChoice, InstitutionOption } from './profile-form-values.ts';

/** Options shown at once; typing narrows a long list down. */
export const maxShownInstitutions = 50;
const createValue = '$create';

export type SearchableInstitution = InstitutionOption & { searchKey: string };

/** The options with their comparison keys, computed once per list. */
export function useSearchableInstitutions(
  options: readonly InstitutionOption[],
): SearchableInstitution[] {
  return useMemo(
    () => options.map((option) => ({ ...option, searchKey: institutionKey(option.label) })),
    [options],
  );
}

type InstitutionPickerProps = {
  label: string;
  options: readonly SearchableInstitution[];
  value: InstitutionChoice | null;
  onChange: (choice: InstitutionChoice | null) => void;
  error?: string | boolean;
};

export function InstitutionPicker({
  label,
  options,
  value,
  onChange,
  error,
}: InstitutionPickerProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const shownLabel = describeInstitution(value, options);
  const [search, setSearch] = useState(shownLabel);
  const [lastShownLabel, setLastShownLabel] = useState(shownLabel);
  // A new value from outside (the profile reloaded after a save) replaces what is typed.
  if (shownLabel !== lastShownLabel) {
    setLastShownLabel(shownLabel);
    setSearch(shownLabel);
  }

  const isBrowsing = search === shownLabel;
  const typed = readTypedInstitution(search);
  const typedKey = institutionKey(typed.name);
  const matches =
    isBrowsing || typedKey === ''
      ? options
      : options.filter((option) => option.searchKey.includes(typedKey));
  const shown = matches.slice(0, maxShownInstitutions);
  const found = useInstitutionPickerSearch(isBrowsing ? '' : typed.name);
  // What the server found that the names alone did not: at most 20, drawn after them.
  const shownIds = new Set(matches.map((option) => option.value));
  const optionsById = new Map(options.map((option) => [option.value, option]));
  const foundByOtherName = isBrowsing
    ? []
    : found.flatMap((institution) => {
        const option = optionsById.get(String(institution.id));
        return option && !shownIds.has(option.value) ? [{ option, alias: institution.alias }] : [];
      });
  const hasExactMatch =
    options.some((option) => institutionKey(toListedChoice(option).name) === typedKey) ||
    (!isBrowsing && found.some((institution) => institution.exact));
  const canCreate = !isBrowsing && typedKey !== '' && !hasExactMatch;

  // Enter picks the first match, or creates the typed institution when nothing matches.
  const { selectFirstOption } = combobox;
  useEffect(() => {
    if (!isBrowsing) selectFirstOption();
  }, [search, isBrowsing, selectFirstOption]);

  function handleOptionSubmit(optionValue: string) {
    combobox.closeDropdown();
    if (optionValue === createValue) {
      const choice: InstitutionChoice = { kind: 'new', ...typed };
      setSearch(describeInstitution(choice, options));
      onChange(choice);
      return;
    }
    const option = options.find((candidate) => candidate.value === optionValue);
    if (!option) return;
    setSearch(option.label);
    onChange(toListedChoice(option));
  }

  function handleBlur() {
    combobox.closeDropdown();
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
      <Combobox store={combobox} onOptionSubmit={handleOptionSubmit}>
        <Combobox.Target withExpandedAttribute>
          <TextInput
            label={label}
            description="Type to search. Not listed? Type its name and any other names, separated by commas."
            value={search}
            error={error}
            required
            autoComplete="off"
            rightSection={<Combobox.Chevron />}
            rightSectionPointerEvents="none"
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              combobox.openDropdown();
            }}
            onClick={() => combobox.openDropdown()}
            onFocus={() => combobox.openDropdown()}
            onBlur={handleBlur}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
        </Combobox.Target>
        <Combobox.Dropdown>
          <Combobox.Options aria-label={`${label} options`}>
            <ScrollArea.Autosize mah={260} type="scroll">
              {shown.map((option) => (
                <Combobox.Option
                  key={option.value}
                  value={option.value}
                  active={value?.kind === 'listed' && String(value.id) === option.value}
                >
                  {option.label}
                </Combobox.Option>
              ))}
              {foundByOtherName.map(({ option, alias }) => (
                <Combobox.Option
                  key={option.value}
                  value={option.value}
                  active={value?.kind === 'listed' && String(value.id) === option.value}
                >
                  {option.label}
                  {alias && (
                    <Text span fz="xs" c="dimmed">
                      {' '}
                      (also {alias})
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
              {shown.length === 0 && foundByOtherName.length === 0 && !canCreate && (
                <Combobox.Empty>No institution matches.</Combobox.Empty>
              )}
            </ScrollArea.Autosize>
          </Combobox.Options>
          {matches.length > shown.length && (
            <Combobox.Footer>
              <Text fz="xs" c="dimmed">
                Showing {shown.length} of {matches.length}. Type more to narrow the list.
              </Text>
            </Combobox.Footer>
          )}
        </Combobox.Dropdown>
      </Combobox>
      {newChoiceNote && (
        <Text fz="sm" mt={4} c="dimmed" role="note">
          {newChoiceNote}
        </Text>
      )}
    </div>
  );
}

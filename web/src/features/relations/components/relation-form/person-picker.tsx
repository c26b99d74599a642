// A searchable person picker (docs/product.md, "The relation form"; `usersDrp`): the people the
// user already knows, matched by name or secondary e-mail as they type, merged with the server's
// search for everyone else. A typed e-mail offers 'Create email', which names someone without an
// account (the server invites them), once the server has said the address is nobody's: the address
// of someone we know offers that person alone, and the user's own address offers nothing. Other
// free text stays in the field, and the form's check explains that only known people or e-mails can
// be linked.
import { useEffect, useMemo, useState } from 'react';
import { Combobox, Group, Loader, ScrollArea, Text, TextInput, useCombobox } from '@mantine/core';
import type { ReactNode } from 'react';
import { isEmail, messages } from '@recuse/common';
import type { PersonOption } from '../../api/get-add-new-data.ts';
import { usePeopleSearch } from '../../api/search-people.ts';
import type { PersonPick } from './relation-form-values.ts';

/** Options shown at once; typing narrows a long list down. */
export const maxShownPeople = 50;
const createValue = '$create-email';

/** Lower case without accents, so 'jose' finds 'José'. */
export function searchKey(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

export function describePerson(pick: PersonPick | null): string {
  if (!pick) return '';
  if (pick.kind === 'user') return pick.label;
  if (pick.kind === 'email') return pick.email;
  return pick.text;
}

/** The known people whose name, DBLP name or secondary e-mail contains what is typed. */
export function matchKnownPeople(people: readonly PersonOption[], typed: string): PersonOption[] {
  const key = searchKey(typed);
  if (key === '') return [...people];
  return people.filter((person) =>
    [person.label, person.dblp_name ?? '', person.sec_email ?? ''].some((text) =>
      searchKey(text).includes(key),
    ),
  );
}

type PersonPickerProps = {
  label: string;
  knownPeople: readonly PersonOption[];
  value: PersonPick | null;
  onChange: (pick: PersonPick | null) => void;
  /** People already picked elsewhere on the form, left out of the list. */
  excludedIds?: ReadonlySet<number>;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  /** Hides the label visually (the co-author table's column says it); screen readers keep it. */
  hideLabel?: boolean;
};

export function PersonPicker({
  label,
  knownPeople,
  value,
  onChange,
  excludedIds,
  error,
  disabled = false,
  required = false,
  hideLabel = false,
}: PersonPickerProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const shownLabel = describePerson(value);
  const [search, setSearch] = useState(shownLabel);
  const [lastShownLabel, setLastShownLabel] = useState(shownLabel);
  // A new value from outside (the form reset after a reload) replaces what is typed.
  if (shownLabel !== lastShownLabel) {
    setLastShownLabel(shownLabel);
    setSearch(shownLabel);
  }

  const isBrowsing = value?.kind === 'user' && search === shownLabel;
  const typed = search.trim();
  const {
    people: remote,
    isSearching,
    isSettled,
    isOwnEmail,
  } = usePeopleSearch(typed, !disabled && !isBrowsing && combobox.dropdownOpened);
  const typedEmail = !isBrowsing && isEmail(typed) ? typed.toLowerCase() : null;
  const options = useMemo(() => {
    if (isOwnEmail) return [];
    const local = matchKnownPeople(knownPeople, isBrowsing ? '' : typed);
    const seen = new Set(local.map((person) => person.value));
    const merged = [...local, ...remote.filter((person) => !seen.has(person.value))];
    const isOwner = (person: PersonOption) =>
      person.typed_email === 1 || (typedEmail !== null && person.sec_email === typedEmail);
    // The person whose address is typed comes first.
    return [...merged.filter(isOwner), ...merged.filter((person) => !isOwner(person))].filter(
      (person) => !excludedIds?.has(person.value),
    );
  }, [knownPeople, remote, typed, typedEmail, isBrowsing, excludedIds, isOwnEmail]);
  const shown = options.slice(0, maxShownPeople);
  const hasEmailOwner =
    typedEmail !== null &&
    [...remote, ...knownPeople].some(
      (person) => person.typed_email === 1 || person.sec_email?.toLowerCase() === typedEmail,
    );
  const canCreate = typedEmail !== null && isSettled && !isOwnEmail && !hasEmailOwner;

  const { selectFirstOption } = combobox;
  useEffect(() => {
    if (!isBrowsing) selectFirstOption();
  }, [search, isBrowsing, shown.length, selectFirstOption]);

  function handleOptionSubmit(optionValue: string) {
    combobox.closeDropdown();
    if (optionValue === createValue) {
      setSearch(typed);
      onChange({ kind: 'email', email: typed.toLowerCase() });
      return;
    }
    const person = options.find((candidate) => String(candidate.value) === optionValue);
    if (!person) return;
    setSearch(person.label);
    onChange({ kind: 'user', id: person.value, label: person.label });
  }

  function handleChange(text: string) {
    setSearch(text);
    combobox.openDropdown();
    onChange(text.trim() === '' ? null : { kind: 'typed', text });
  }

  return (
    <Combobox store={combobox} onOptionSubmit={handleOptionSubmit} disabled={disabled}>
      <Combobox.Target withExpandedAttribute>
        <TextInput
          label={hideLabel ? undefined : label}
          aria-label={hideLabel ? label : undefined}
          placeholder="Type a name or an email"
          value={search}
          error={error}
          required={required}
          withAsterisk={false}
          disabled={disabled}
          autoComplete="off"
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onChange={(event) => handleChange(event.currentTarget.value)}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options aria-label={`${label} options`}>
          <ScrollArea.Autosize mah={260} type="scroll">
            {canCreate && (
              <Combobox.Option value={createValue}>Create email: {typed}</Combobox.Option>
            )}
            {shown.map((person) => (
              <Combobox.Option
                key={person.value}
                value={String(person.value)}
                active={value?.kind === 'user' && value.id === person.value}
              >
                <Group gap="xs" wrap="nowrap">
                  <span>{person.label}</span>
                  {person.dblp_name && person.dblp_name !== person.label && (
                    <Text span fz="xs" c="dimmed">
                      DBLP: {person.dblp_name}
                    </Text>
                  )}
                </Group>
              </Combobox.Option>
            ))}
            {shown.length === 0 && !canCreate && (
              <Combobox.Empty>
                {isSearching ? (
                  <Loader size="xs" aria-label="Searching" />
                ) : isOwnEmail ? (
                  messages.ownEmailTyped
                ) : (
                  'Nobody matches. To add someone new, type their email address.'
                )}
              </Combobox.Empty>
            )}
          </ScrollArea.Autosize>
        </Combobox.Options>
        {options.length > shown.length && (
          <Combobox.Footer>
            <Text fz="xs" c="dimmed">
              Showing {shown.length} of {options.length}. Type more to narrow the list.
            </Text>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}

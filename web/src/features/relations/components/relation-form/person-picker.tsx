// A searchable person picker (docs/product.md, "The relation form"; `usersDrp`): the people the
// user already knows, matched by name or secondary e-mail as they type, merged with the server's
// search for everyone else. A typed e-mail offers 'Create email', which names someone without an
// account (the server invites them), once the server has said the address is nobody's: the address
// of someone we know offers that person alone, and the user's own address offers nothing. Other
// free text stays in the field, and the form's check explains that only known people or e-mails can
// be linked.
import { useMemo } from 'react';
import { Combobox, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { isEmail, messages } from '@recuse/common';
import {
  SearchPicker,
  narrowingNote,
  useSearchPicker,
} from '../../../../components/search-picker.tsx';
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
  const picker = useSearchPicker(describePerson(value), value?.kind === 'user');
  const { combobox, search, setSearch, isBrowsing } = picker;
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

  function handleSearchChange(text: string) {
    setSearch(text);
    onChange(text.trim() === '' ? null : { kind: 'typed', text });
  }

  return (
    <SearchPicker
      picker={picker}
      label={label}
      hideLabel={hideLabel}
      inputProps={{
        placeholder: 'Type a name or an email',
        error,
        required,
        withAsterisk: false,
        disabled,
      }}
      onSearchChange={handleSearchChange}
      onOptionSubmit={handleOptionSubmit}
      optionCount={shown.length + (canCreate ? 1 : 0)}
      isSearching={isSearching}
      empty={
        isOwnEmail
          ? messages.ownEmailTyped
          : 'Nobody matches. To add someone new, type their email address.'
      }
      footer={
        options.length > shown.length ? narrowingNote(shown.length, options.length) : undefined
      }
    >
      {canCreate && <Combobox.Option value={createValue}>Create email: {typed}</Combobox.Option>}
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
    </SearchPicker>
  );
}

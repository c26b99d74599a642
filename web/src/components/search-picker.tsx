// The skeleton of a searchable picker (the person and the institution pickers): a text field
// whose dropdown lists what the typed text finds. What is shown comes from the value the form
// holds; typing replaces it until something is picked, and a new value from outside (a form
// reset after a reload) replaces what is typed. While typing, Enter picks the first option.
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Combobox, Loader, ScrollArea, Text, TextInput, useCombobox } from '@mantine/core';
import type { ComboboxStore, TextInputProps } from '@mantine/core';

/**
 * The text typed into a picker, and whether it still shows the picked value (`isBrowsing`):
 * only a picker whose value can be browsed (a picked person, not bare text) browses.
 */
export function useSearchPicker(shownLabel: string, canBrowse = true) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState(shownLabel);
  const [lastShownLabel, setLastShownLabel] = useState(shownLabel);
  if (shownLabel !== lastShownLabel) {
    setLastShownLabel(shownLabel);
    setSearch(shownLabel);
  }
  return { combobox, search, setSearch, isBrowsing: canBrowse && search === shownLabel };
}

/** 'Showing 50 of 120. Type more to narrow the list.' under a list cut short. */
export const narrowingNote = (shown: number, of: number | string) =>
  `Showing ${shown} of ${of}. Type more to narrow the list.`;

type SearchPickerProps = {
  picker: { combobox: ComboboxStore; search: string; isBrowsing: boolean };
  label: string;
  /** Hides the label visually (a table's column says it); screen readers keep it. */
  hideLabel?: boolean;
  /** The field's other settings: placeholder, description, error, required, disabled … */
  inputProps?: Omit<TextInputProps, 'label' | 'value' | 'onChange' | 'onBlur'>;
  onSearchChange: (text: string) => void;
  /** Leaving the field; by default it only closes the list. */
  onBlur?: () => void;
  onOptionSubmit: (value: string) => void;
  /** How many options are drawn: a new count while typing selects the first again. */
  optionCount: number;
  /** The options, drawn inside the list. */
  children: ReactNode;
  /** An answer for the typed text is on its way: a spinner stands for the options meanwhile. */
  isSearching?: boolean;
  /** Said when there is no option (and nothing is being searched). */
  empty: ReactNode;
  /** A line under the list (that it was cut short). */
  footer?: string;
};

export function SearchPicker({
  picker: { combobox, search, isBrowsing },
  label,
  hideLabel = false,
  inputProps,
  onSearchChange,
  onBlur,
  onOptionSubmit,
  optionCount,
  children,
  isSearching = false,
  empty,
  footer,
}: SearchPickerProps) {
  const { selectFirstOption } = combobox;
  useEffect(() => {
    if (!isBrowsing) selectFirstOption();
  }, [search, isBrowsing, optionCount, selectFirstOption]);

  return (
    <Combobox store={combobox} onOptionSubmit={onOptionSubmit} disabled={inputProps?.disabled}>
      <Combobox.Target withExpandedAttribute>
        <TextInput
          {...inputProps}
          label={hideLabel ? undefined : label}
          aria-label={hideLabel ? label : undefined}
          value={search}
          autoComplete="off"
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onChange={(event) => {
            onSearchChange(event.currentTarget.value);
            combobox.openDropdown();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            onBlur?.();
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options aria-label={`${label} options`}>
          <ScrollArea.Autosize mah={260} type="scroll">
            {children}
            {optionCount === 0 && (
              <Combobox.Empty>
                {isSearching ? <Loader size="xs" aria-label="Searching" /> : empty}
              </Combobox.Empty>
            )}
          </ScrollArea.Autosize>
        </Combobox.Options>
        {footer && (
          <Combobox.Footer>
            <Text fz="xs" c="dimmed">
              {footer}
            </Text>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}

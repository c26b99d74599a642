import { useState } from 'react';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Combobox } from '@mantine/core';
import { renderWithProviders } from '../testing/render-with-providers.tsx';
import { SearchPicker, narrowingNote, useSearchPicker } from './search-picker.tsx';

const fruits = ['Apple', 'Apricot', 'Banana'];

/** A picker of fruits holding its value as a form would; `setOutside` replaces the value. */
function renderFruitPicker(initial = '', isSearching = false) {
  const picked = vi.fn();
  const outside: { set: (value: string) => void } = { set: () => {} };
  function Harness() {
    const [value, setValue] = useState(initial);
    outside.set = setValue;
    const picker = useSearchPicker(value);
    const shown = picker.isBrowsing
      ? fruits
      : fruits.filter((fruit) => fruit.toLowerCase().includes(picker.search.toLowerCase()));
    return (
      <SearchPicker
        picker={picker}
        label="Fruit"
        onSearchChange={picker.setSearch}
        onBlur={() => picker.setSearch(value)}
        onOptionSubmit={(fruit) => {
          picker.combobox.closeDropdown();
          picker.setSearch(fruit);
          setValue(fruit);
          picked(fruit);
        }}
        optionCount={shown.length}
        isSearching={isSearching}
        empty="No fruit matches."
        footer={shown.length > 1 ? narrowingNote(shown.length, fruits.length) : undefined}
      >
        {shown.map((fruit) => (
          <Combobox.Option key={fruit} value={fruit}>
            {fruit}
          </Combobox.Option>
        ))}
      </SearchPicker>
    );
  }
  renderWithProviders(<Harness />);
  return { picked, outside };
}

const input = () => screen.getByRole('combobox', { name: 'Fruit' });

describe('SearchPicker', () => {
  it('lists what the typed text finds, and Enter picks the first', async () => {
    const user = userEvent.setup();
    const { picked } = renderFruitPicker();
    await user.type(input(), 'ap');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Apple',
      'Apricot',
    ]);
    expect(screen.getByText('Showing 2 of 3. Type more to narrow the list.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(picked).toHaveBeenCalledWith('Apple');
    expect(input()).toHaveValue('Apple');
  });

  it('says so when nothing matches', async () => {
    const user = userEvent.setup();
    renderFruitPicker();
    await user.type(input(), 'kiwi');
    expect(screen.queryByRole('option')).toBeNull();
    expect(screen.getByText('No fruit matches.')).toBeInTheDocument();
  });

  it('shows a spinner instead while an answer is on its way', async () => {
    const user = userEvent.setup();
    renderFruitPicker('', true);
    await user.type(input(), 'kiwi');
    expect(screen.getByLabelText('Searching')).toBeInTheDocument();
    expect(screen.queryByText('No fruit matches.')).toBeNull();
  });

  it('selects nothing while the field shows the picked value', async () => {
    const user = userEvent.setup();
    const { picked } = renderFruitPicker('Banana');
    await user.click(input());
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await user.keyboard('{Enter}');
    expect(picked).not.toHaveBeenCalled();
  });

  it('shows a value set from outside in place of what was typed', async () => {
    const user = userEvent.setup();
    const { outside } = renderFruitPicker('Apple');
    await user.clear(input());
    await user.type(input(), 'ban');
    act(() => outside.set('Apricot'));
    expect(input()).toHaveValue('Apricot');
  });

  it('names its list after the field, for screen readers', async () => {
    const user = userEvent.setup();
    renderFruitPicker();
    await user.click(input());
    expect(screen.getByRole('listbox', { name: 'Fruit options' })).toBeInTheDocument();
  });
});

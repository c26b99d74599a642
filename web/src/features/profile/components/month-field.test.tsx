import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MonthFieldProps } from './month-field-look.ts';

const startDate: MonthFieldProps = {
  label: 'Start date',
  value: '2019-01-01',
  minDate: '1900-01-01',
  maxDate: '2026-03-01',
  onChange: () => undefined,
};
const endDate: MonthFieldProps = { ...startDate, label: 'End date', value: null, error: true };

/**
 * month-field.tsx keeps the fetched picker for the page's life, so each test takes fresh modules
 * (Mantine's too, so the provider and the fields share its contexts), and the picker's module
 * arrives only when the test lets it.
 */
async function freshModules() {
  vi.resetModules();
  let letPickerArrive!: () => void;
  const arrival = new Promise<void>((resolve) => (letPickerArrive = resolve));
  vi.doMock('./month-picker.tsx', async (importOriginal) => {
    await arrival;
    return importOriginal();
  });
  const { renderWithProviders } = await import('../../../testing/render-with-providers.tsx');
  const { MonthField } = await import('./month-field.tsx');
  return { renderWithProviders, MonthField, letPickerArrive };
}

/** A field's markup without its generated ids and the picker's own class, attribute and rules. */
function fieldMarkup(label: string) {
  return screen
    .getByText(label)
    .closest('.mantine-InputWrapper-root')!
    .outerHTML.replace(/mantine-[a-z0-9]{9}/g, 'id')
    .replace('m_6fa5e2aa ', '')
    .replace(' data-dates-input="true"', '')
    .replace(' style="cursor: pointer; line-height: unset;"', '');
}

const field = (name: string) => screen.getByRole('button', { name });

describe('MonthField', () => {
  it('draws the same field before the picker arrives as after', async () => {
    const { renderWithProviders, MonthField, letPickerArrive } = await freshModules();
    renderWithProviders(
      <>
        <MonthField {...startDate} />
        <MonthField {...endDate} />
      </>,
    );
    const [start, end] = [field('Start date'), field('End date')];
    expect(start).toHaveTextContent('01/2019');
    expect(end).toHaveTextContent('MM/YYYY');
    expect(end).toHaveAttribute('aria-invalid', 'true');
    // The two rules of the picker's own style sheet, which comes with the picker.
    expect(start).toHaveAttribute('style', 'cursor: pointer; line-height: unset;');
    const before = [fieldMarkup('Start date'), fieldMarkup('End date')];

    await userEvent.hover(start);
    letPickerArrive();
    await waitFor(() => expect(field('Start date')).not.toBe(start));
    expect(field('End date')).not.toBe(end);
    expect([fieldMarkup('Start date'), fieldMarkup('End date')]).toEqual(before);
  });

  it('keeps the focus on the field when the picker takes the stand-in’s place', async () => {
    const { renderWithProviders, MonthField, letPickerArrive } = await freshModules();
    renderWithProviders(<MonthField {...startDate} />);
    const standIn = field('Start date');
    await userEvent.tab();
    expect(standIn).toHaveFocus();
    letPickerArrive();
    await waitFor(() => expect(field('Start date')).not.toBe(standIn));
    expect(field('Start date')).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the calendar once the picker arrives when the field was pressed before', async () => {
    const { renderWithProviders, MonthField, letPickerArrive } = await freshModules();
    const onChange = vi.fn();
    renderWithProviders(<MonthField {...startDate} onChange={onChange} />);
    await userEvent.click(field('Start date'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    letPickerArrive();
    const calendar = await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Mar' }));
    expect(onChange).toHaveBeenCalledWith('2019-03-01');
    await waitFor(() => expect(calendar).not.toBeInTheDocument());
  });
});

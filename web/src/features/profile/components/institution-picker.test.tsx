import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../testing/render-with-providers.tsx';
import { InstitutionPicker, useSearchableInstitutions } from './institution-picker.tsx';
import type { InstitutionChoice, InstitutionOption } from './profile-form-values.ts';

const options: InstitutionOption[] = [
  { value: '1', label: 'ETH Zurich' },
  { value: '6', label: 'Bletchley Park Research Centre (sent for approval)' },
  { value: '3', label: 'University of Cambridge' },
];

function renderPicker(initial: InstitutionChoice | null = null) {
  const latest: { choice: InstitutionChoice | null } = { choice: initial };
  function Harness() {
    const [choice, setChoice] = useState(initial);
    const searchable = useSearchableInstitutions(options);
    return (
      <InstitutionPicker
        label="Institution"
        options={searchable}
        value={choice}
        onChange={(changed) => {
          latest.choice = changed;
          setChoice(changed);
        }}
      />
    );
  }
  renderWithProviders(<Harness />);
  return latest;
}

const input = () => screen.getByRole('combobox', { name: 'Institution' });

const eth = {
  id: 1,
  name: 'ETH Zurich',
  alias: 'Eidgenössische Technische Hochschule Zürich',
  exact: false,
  country: 'CH',
};

describe('InstitutionPicker', () => {
  // The server's search finds nothing unless a test says otherwise.
  beforeEach(() => {
    stubFetch({ '/v1/web/institution/search': { body: { institutions: [] } } });
  });

  it('narrows the list as the user types, ignoring case and accents', async () => {
    const user = userEvent.setup();
    renderPicker();
    await user.type(input(), 'ZÜRICH');
    expect(await screen.findByRole('option', { name: 'ETH Zurich' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'University of Cambridge' })).toBeNull();
  });

  it('picks a listed institution by its exact name rather than proposing it again', async () => {
    const user = userEvent.setup();
    const latest = renderPicker();
    await user.type(input(), 'eth zurich');
    expect(screen.queryByRole('option', { name: /Add new institution/ })).toBeNull();
    await user.keyboard('{Enter}');
    expect(latest.choice).toEqual({
      kind: 'listed',
      id: 1,
      name: 'ETH Zurich',
      isAwaitingApproval: false,
    });
    expect(input()).toHaveValue('ETH Zurich');
  });

  it('reads an institution awaiting approval from its note', async () => {
    const user = userEvent.setup();
    const latest = renderPicker();
    await user.type(input(), 'bletchley');
    await user.click(
      await screen.findByRole('option', {
        name: 'Bletchley Park Research Centre (sent for approval)',
      }),
    );
    expect(latest.choice).toMatchObject({
      id: 6,
      name: 'Bletchley Park Research Centre',
      isAwaitingApproval: true,
    });
  });

  it('creates a new institution from a typed name and comma-separated aliases', async () => {
    const user = userEvent.setup();
    const latest = renderPicker();
    await user.type(input(), 'Zuse Institute Berlin, ZIB , zib, Konrad-Zuse-Zentrum');
    await user.click(
      await screen.findByRole('option', {
        name: 'Add new institution: Zuse Institute Berlin (also known as ZIB, Konrad-Zuse-Zentrum)',
      }),
    );
    expect(latest.choice).toEqual({
      kind: 'new',
      name: 'Zuse Institute Berlin',
      aliases: ['ZIB', 'Konrad-Zuse-Zentrum'],
    });
    expect(input()).toHaveValue('Zuse Institute Berlin, ZIB, Konrad-Zuse-Zentrum');
    expect(screen.getByRole('note')).toHaveTextContent(
      'Not on the list yet: Zuse Institute Berlin (also known as ZIB, Konrad-Zuse-Zentrum) will be sent for approval when you save.',
    );
  });

  it('keeps the chosen institution when the user leaves without picking', async () => {
    const user = userEvent.setup();
    const latest = renderPicker({
      kind: 'listed',
      id: 3,
      name: 'University of Cambridge',
      isAwaitingApproval: false,
    });
    await user.clear(input());
    await user.type(input(), 'Camb');
    await user.tab();
    expect(input()).toHaveValue('University of Cambridge');
    expect(latest.choice).toMatchObject({ id: 3 });
  });

  it('finds an institution by another of its names through the server, showing the name that matched', async () => {
    const fetchMock = stubFetch({
      '/v1/web/institution/search': { body: { institutions: [eth] } },
    });
    const user = userEvent.setup();
    const latest = renderPicker();
    await user.type(input(), 'Eidgenössische');
    const found = await screen.findByRole('option', { name: /^ETH Zurich/ });
    expect(found).toHaveTextContent(
      'ETH Zurich (also Eidgenössische Technische Hochschule Zürich)',
    );
    await user.click(found);
    expect(latest.choice).toEqual({
      kind: 'listed',
      id: 1,
      name: 'ETH Zurich',
      isAwaitingApproval: false,
    });
    const asked = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
    expect(asked.searchParams.get('q')).toBe('Eidgenössische');
  });

  it('picks, rather than proposes, an institution whose other name is typed in full', async () => {
    stubFetch({
      '/v1/web/institution/search': { body: { institutions: [{ ...eth, exact: true }] } },
    });
    const user = userEvent.setup();
    const latest = renderPicker();
    await user.type(input(), 'eidgenossische technische hochschule zurich');
    await screen.findByRole('option', { name: /^ETH Zurich/ });
    expect(screen.queryByRole('option', { name: /Add new institution/ })).toBeNull();
    await user.keyboard('{Enter}');
    expect(latest.choice).toMatchObject({ kind: 'listed', id: 1 });
  });

  it('asks the server nothing for a single letter', async () => {
    const fetchMock = stubFetch({ '/v1/web/institution/search': { body: { institutions: [] } } });
    const user = userEvent.setup();
    renderPicker();
    await user.type(input(), 'E');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

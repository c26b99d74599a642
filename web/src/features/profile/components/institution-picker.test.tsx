import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { institutionKey, institutionPickerLimit } from '@recuse/common';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { InstitutionPicker } from './institution-picker.tsx';
import type { InstitutionChoice } from './profile-form-values.ts';

/** What the server holds; the fake search below answers from it as the real one does. */
const registry = [
  { id: 1, name: 'ETH Zurich', aliases: ['ETH', 'Eidgenössische Technische Hochschule Zürich'] },
  { id: 6, name: 'Bletchley Park Research Centre (sent for approval)', aliases: [] },
  { id: 3, name: 'University of Cambridge', aliases: [] },
];

/**
 * GET /v1/web/institution/search over `institutions`: name or alias containing the text
 * (institutionKey), the alias shown when the name does not match, `exact` for a whole name or
 * alias (docs/api.md, "Institutions"). Every call is recorded.
 */
function stubSearch(institutions = registry) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/v1/web/institution/search')
      throw new Error(`Unexpected fetch to ${url}`);
    const key = institutionKey(url.searchParams.get('q') ?? '');
    const found = institutions.flatMap((institution) => {
      const nameKey = institutionKey(institution.name.replace(/ \(sent for approval\)$/, ''));
      const aliasKeys = institution.aliases.map(institutionKey);
      const alias = nameKey.includes(key)
        ? ''
        : (institution.aliases[aliasKeys.findIndex((aliasKey) => aliasKey.includes(key))] ?? null);
      if (alias === null) return [];
      const exact = nameKey === key || aliasKeys.includes(key);
      return [{ id: institution.id, name: institution.name, alias, exact, country: '' }];
    });
    return new Response(JSON.stringify({ institutions: found.slice(0, institutionPickerLimit) }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPicker(initial: InstitutionChoice | null = null) {
  const latest: { choice: InstitutionChoice | null } = { choice: initial };
  function Harness() {
    const [choice, setChoice] = useState(initial);
    return (
      <InstitutionPicker
        label="Institution"
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

describe('InstitutionPicker', () => {
  beforeEach(() => {
    stubSearch();
  });

  it('lists what the server finds as the user types, and nothing else', async () => {
    const user = userEvent.setup();
    const fetchMock = stubSearch();
    renderPicker();
    await user.type(input(), 'ZÜRICH');
    expect(await screen.findByRole('option', { name: /^ETH Zurich/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'University of Cambridge' })).toBeNull();
    // No list of every institution is downloaded: only the search is asked.
    for (const [asked] of fetchMock.mock.calls) {
      expect(new URL(String(asked), 'http://localhost').pathname).toBe(
        '/v1/web/institution/search',
      );
    }
  });

  it('picks a listed institution by its exact name rather than proposing it again', async () => {
    const user = userEvent.setup();
    const latest = renderPicker();
    await user.type(input(), 'eth zurich');
    await screen.findByRole('option', { name: 'ETH Zurich' });
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
    const fetchMock = stubSearch();
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
    const user = userEvent.setup();
    const latest = renderPicker();
    await user.type(input(), 'eidgenossische technische hochschule zurich');
    await screen.findByRole('option', { name: /^ETH Zurich/ });
    expect(screen.queryByRole('option', { name: /Add new institution/ })).toBeNull();
    await user.keyboard('{Enter}');
    expect(latest.choice).toMatchObject({ kind: 'listed', id: 1 });
  });

  it('asks the server nothing for a single letter', async () => {
    const fetchMock = stubSearch();
    const user = userEvent.setup();
    renderPicker();
    await user.type(input(), 'E');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('option')).toBeNull();
    expect(screen.getByText(/Type two letters or more/)).toBeInTheDocument();
  });

  it('proposes a typed name only once the search has answered that it knows none', async () => {
    const waiting: Array<(response: Response) => void> = [];
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => waiting.push(resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderPicker();
    await user.type(input(), 'Zuse Institute Berlin');
    await vi.waitFor(() =>
      expect(String(fetchMock.mock.calls.at(-1)?.at(0))).toContain('q=Zuse+Institute+Berlin'),
    );
    expect(screen.getByLabelText('Searching')).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Add new institution/ })).toBeNull();
    for (const answer of waiting) answer(new Response(JSON.stringify({ institutions: [] })));
    expect(
      await screen.findByRole('option', { name: 'Add new institution: Zuse Institute Berlin' }),
    ).toBeInTheDocument();
  });

  it('says to type more when the search answers as many institutions as it sends', async () => {
    stubSearch(
      Array.from({ length: 30 }, (_, index) => ({
        id: 100 + index,
        name: `University ${index}`,
        aliases: [],
      })),
    );
    const user = userEvent.setup();
    renderPicker();
    await user.type(input(), 'Univ');
    expect(await screen.findAllByRole('option', { name: /^University/ })).toHaveLength(
      institutionPickerLimit,
    );
    expect(
      screen.getByText(
        `Showing the first ${institutionPickerLimit} matches. Type more to narrow the list.`,
      ),
    ).toBeInTheDocument();
  });
});

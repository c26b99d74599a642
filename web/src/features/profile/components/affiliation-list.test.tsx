import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { maxAffiliations, messages } from '@recuse/common';
import type { PositionOption } from '@recuse/common';
import { labelled, renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { AffiliationList } from './affiliation-list.tsx';
import { emptyAffiliation, noIssues } from './profile-form-values.ts';
import type { AffiliationDraft, ProfileIssues } from './profile-form-values.ts';

const positions: PositionOption[] = [
  { id: 1, label: 'Faculty', intern: 0 },
  { id: 2, label: 'Postdoc', intern: 0 },
];

const finished = (institutionId: number, name: string): AffiliationDraft => ({
  ...emptyAffiliation(),
  id: institutionId * 10,
  institution: { kind: 'listed', id: institutionId, name, isAwaitingApproval: false },
  positionId: '1',
  startDate: '2019-01-01',
  endDate: '2021-08-01',
  isCurrent: false,
});

/** Holds the rows as the profile form does, and exposes the latest list to the test. */
function renderList(initial: AffiliationDraft[], issues: ProfileIssues = noIssues) {
  const latest: { rows: AffiliationDraft[] } = { rows: initial };
  function Harness() {
    const [rows, setRows] = useState(initial);
    return (
      <AffiliationList
        affiliations={rows}
        positions={positions}
        latestMonth="2026-03-01"
        issues={issues}
        onChange={(change) =>
          setRows((current) => {
            latest.rows = change(current);
            return latest.rows;
          })
        }
      />
    );
  }
  renderWithProviders(<Harness />);
  return latest;
}

const row = (number: number) => screen.getByRole('group', { name: `Affiliation ${number}` });

describe('AffiliationList', () => {
  it('asks for the affiliations of the past 5 years', () => {
    renderList([emptyAffiliation()]);
    expect(screen.getByText(/past 5 years/)).toBeInTheDocument();
  });

  it('labels every field of a row', () => {
    renderList([finished(3, 'University of Cambridge')]);
    const first = row(1);
    expect(within(first).getByRole('combobox', { name: 'Institution' })).toHaveValue(
      'University of Cambridge',
    );
    expect(within(first).getByRole('combobox', { name: 'Position' })).toHaveValue('Faculty');
    expect(within(first).getByLabelText(labelled('Start date'))).toHaveTextContent('01/2019');
    expect(within(first).getByLabelText(labelled('End date'))).toHaveTextContent('08/2021');
    expect(within(first).getByRole('checkbox', { name: /Current/ })).not.toBeChecked();
  });

  it('hides and clears the end date while Current is ticked', async () => {
    const user = userEvent.setup();
    const latest = renderList([finished(3, 'University of Cambridge')]);
    await user.click(within(row(1)).getByRole('checkbox', { name: /Current/ }));
    expect(within(row(1)).queryByLabelText(labelled('End date'))).not.toBeInTheDocument();
    expect(latest.rows[0]).toMatchObject({ isCurrent: true, endDate: null });

    await user.click(within(row(1)).getByRole('checkbox', { name: /Current/ }));
    const endDate = within(row(1)).getByLabelText(labelled('End date'));
    expect(endDate).not.toHaveTextContent('08/2021');
    expect(latest.rows[0]).toMatchObject({ isCurrent: false, endDate: null });
  });

  it('adds a blank row and removes the chosen one', async () => {
    const user = userEvent.setup();
    const latest = renderList([finished(1, 'ETH Zurich'), finished(3, 'University of Cambridge')]);
    await user.click(screen.getByRole('button', { name: 'Add affiliation' }));
    expect(within(row(3)).getByRole('combobox', { name: 'Institution' })).toHaveValue('');
    expect(latest.rows).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Remove affiliation 1' }));
    expect(latest.rows.map((affiliation) => affiliation.id)).toEqual([30, undefined]);
    expect(within(row(1)).getByRole('combobox', { name: 'Institution' })).toHaveValue(
      'University of Cambridge',
    );
    expect(screen.queryByRole('group', { name: 'Affiliation 3' })).not.toBeInTheDocument();
  });

  it(`stops at ${maxAffiliations} affiliations`, async () => {
    const rows = Array.from({ length: maxAffiliations - 1 }, () => finished(1, 'ETH Zurich'));
    const latest = renderList(rows);
    expect(screen.queryByText(messages.maxAffiliations)).not.toBeInTheDocument();
    // Found by its text: role queries compute every accessible name, slow on 50 rows in jsdom.
    const addButton = () => screen.getByText('Add affiliation').closest('button')!;
    await userEvent.setup().click(addButton());
    expect(latest.rows).toHaveLength(maxAffiliations);
    expect(addButton()).toBeDisabled();
    expect(screen.getByText(messages.maxAffiliations)).toBeInTheDocument();
  }, 60_000);

  it('marks missing fields red and says once what is missing', () => {
    renderList([emptyAffiliation()], {
      fields: {},
      affiliationList: [messages.affiliationFieldsRequired],
      rows: {
        0: {
          institution: messages.affiliationFieldsRequired,
          startDate: messages.affiliationFieldsRequired,
        },
      },
    });
    expect(screen.getAllByText(messages.affiliationFieldsRequired)).toHaveLength(1);
    expect(within(row(1)).getByRole('combobox', { name: 'Institution' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConflictPersonWire } from '@recuse/common';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import type { ConflictList } from '../api/generate-conflict-list.ts';
import { RelationGraph } from './relation-graph.tsx';

const coauthorCount = 3000;

const conflictPerson = (id: number, name: string, isProvisional: boolean): ConflictPersonWire => ({
  id,
  name,
  affiliation: null,
  is_provisional: isProvisional,
  reason: [],
});

/** A prolific author: 3,000 co-authors, one paper each, the first two also collaborators. */
const prolificList: ConflictList = {
  people: [conflictPerson(1000, 'Coauthor 0', false), conflictPerson(3999, 'Coauthor 2999', true)],
  institutions: [],
  relations: {
    '3': Array.from({ length: coauthorCount }, (_, index) => ({
      publication_name: `Paper ${index}`,
      publication_years: {
        '2024': {
          co_authors: [
            { coauthor_id: 1000 + index, coauthor_name: `Coauthor ${index}`, status: 1 },
          ],
        },
      },
    })),
    '2': [
      { co_author_id: 1000, display_coauthor_name: 'Coauthor 0', co_author_status: 1 },
      { co_author_id: 1001, display_coauthor_name: 'Coauthor 1', co_author_status: 1 },
    ],
  },
};

const picture = () => screen.getByRole('img', { name: /^Showing/ });
const drawnPeople = () => picture().querySelectorAll('[data-person-id]');
const drawnNames = () => [...drawnPeople()].map((node) => node.querySelector('text')?.textContent);

describe('RelationGraph', () => {
  it('draws the 40 people the user shares most relations with out of 3,000, each labelled once', () => {
    renderWithProviders(<RelationGraph list={prolificList} />);
    expect(picture()).toHaveAccessibleName(
      'Showing 40 of 3,000 people, those you share most relations with. Type a name to find others.',
    );
    expect(drawnPeople()).toHaveLength(40);
    // One label per drawn person plus "You": never thousands of overlapping labels.
    expect(picture().querySelectorAll('text')).toHaveLength(41);
    expect(drawnNames().slice(0, 2)).toEqual(['Coauthor 0', 'Coauthor 1']);
    expect(screen.getByRole('checkbox', { name: 'Co-authored publication (3,000)' })).toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: 'Collaboration (joint project or grant) (2)' }),
    ).toBeChecked();
  });

  it('finds anyone by name and marks conflicts and provisional conflicts', async () => {
    renderWithProviders(<RelationGraph list={prolificList} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Find a person' }), 'coauthor 2999');
    expect(
      await screen.findByRole('img', { name: 'Showing 1 of 3,000 people (1 match).' }),
    ).toBeInTheDocument();
    expect(drawnPeople()[0]).toHaveAttribute('data-conflict', 'provisional');
    expect(drawnPeople()[0]?.querySelector('title')).toHaveTextContent(
      'Coauthor 2999: Co-authored publication 1; a provisional conflict',
    );
  });

  it('shows more people, conflicts only, or leaves a relation type out', async () => {
    renderWithProviders(<RelationGraph list={prolificList} />);
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'People shown at most' }),
      '60',
    );
    expect(drawnPeople()).toHaveLength(60);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Conflicts only' }));
    expect(drawnNames()).toEqual(['Coauthor 0', 'Coauthor 2999']);
    expect(picture()).toHaveAccessibleName('Showing 2 of 3,000 people (2 match).');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Conflicts only' }));

    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Co-authored publication (3,000)' }),
    );
    expect(drawnNames()).toEqual(['Coauthor 0', 'Coauthor 1']);
  });

  it('says there is nothing to draw for a user with no relations', () => {
    renderWithProviders(<RelationGraph list={{ people: [], institutions: [], relations: {} }} />);
    expect(screen.getByText(/nothing to draw/)).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

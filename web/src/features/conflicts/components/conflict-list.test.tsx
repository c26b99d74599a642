import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConflictPersonWire } from '@recuse/common';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { ConflictList } from './conflict-list.tsx';

const renderStatus = (status: number) => <span>status {status}</span>;

const person = (index: number): ConflictPersonWire => ({
  id: index + 1,
  name: `Person ${String(index).padStart(3, '0')}`,
  affiliation: null,
  is_provisional: false,
  reason: [],
});

describe('ConflictList', () => {
  it('says when the rules give no conflict at all', () => {
    renderWithProviders(
      <ConflictList
        list={{ people: [], institutions: [], relations: {} }}
        renderStatus={renderStatus}
      />,
    );
    expect(screen.getByText('No conflicts under the selected rules.')).toBeInTheDocument();
  });

  it('shows a long list of people a page at a time, with the full count', async () => {
    const people = Array.from({ length: 7 }, (_, index) => person(index));
    renderWithProviders(
      <ConflictList
        list={{ people, institutions: [], relations: {} }}
        renderStatus={renderStatus}
        pageSize={3}
      />,
    );
    expect(screen.getByRole('heading', { name: 'People (7)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Institutions (0)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Person 002' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Person 003' })).toBeNull();
    await userEvent.click(
      screen.getByRole('button', { name: 'Show more people (4 not shown yet)' }),
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Show more people (1 not shown yet)' }),
    );
    expect(screen.getByRole('button', { name: 'Person 006' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show more people/ })).toBeNull();
  });
});

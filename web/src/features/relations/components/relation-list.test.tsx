import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { relationTypeToWire, relationTypes } from '@recuse/common';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import type { RelationList as RelationListData } from '../api/get-relation-list.ts';
import { groupRelationsByName } from './group-by-name.ts';
import { RelationList } from './relation-list.tsx';

const person = {
  co_author_id: 5,
  co_author_status: 1,
  start_date: 2018,
  start_date_month: 3,
  end_date: null,
  end_date_month: null,
  status: 1,
};

const list: RelationListData = {
  tot_relations: 4,
  relation_types: relationTypes.map(relationTypeToWire),
  institution_list: [
    {
      institution_name: 'ETH Zurich',
      institution_id: 3,
      institution_status: 1,
      type_of_position: 'Faculty',
      year: 2019,
      years: '2019-present',
    },
  ],
  relations: {
    '1': [
      { ...person, display_coauthor_name: 'Bob Baker', modify_id: 21 },
      { ...person, display_coauthor_name: 'Gone Person', co_author_status: 2, modify_id: 22 },
    ],
    '3': [
      {
        publication_name: 'Notes on the Analytical Engine',
        publication_years: {
          '2024': {
            date_end_year: 2024,
            status: 3,
            co_author_names: 'Bob Baker, Alan Turing',
            parent_id: 7,
            co_authors: [
              {
                coauthor_id: 5,
                coauthor_name: 'Bob Baker',
                status: 3,
                alow_modify: 1,
                relationId: 8,
              },
              {
                coauthor_id: 6,
                coauthor_name: 'Alan Turing',
                status: 1,
                alow_modify: 1,
                relationId: 9,
              },
            ],
          },
        },
      },
    ],
    '8': [
      {
        institution_name: 'Delft',
        institution_id: 4,
        institution_status: 3,
        start_date: 2025,
        start_date_month: 1,
        end_date: null,
        end_date_month: null,
        status: 3,
        modify_id: 30,
      },
    ],
  },
};

describe('RelationList', () => {
  it('shows the count and a closed section per type with relations, with its row count', () => {
    renderWithProviders(<RelationList list={list} isPendingOnly={false} />);
    expect(screen.getByText('You have 4 relation(s) with other users')).toBeInTheDocument();
    const sections = screen.getAllByRole('button', { expanded: false });
    expect(sections.map((section) => section.textContent)).toEqual([
      'Ph.D. advisor/advisee2',
      'Co-authored publication1',
      'Pending employment or graduate-school application1',
      'Institutional1',
    ]);
  });

  it('lists people with their dates, marks deleted users and hides their View', async () => {
    renderWithProviders(<RelationList list={list} isPendingOnly />);
    expect(screen.getAllByText('2018')).toHaveLength(2);
    expect(screen.getByText('01/2025')).toBeInTheDocument();
    expect(screen.getAllByText('Ongoing')).toHaveLength(3);
    expect(screen.getByText('Gone Person (Deleted user)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Bob Baker' })).toHaveAttribute(
      'href',
      '/relations/view/21',
    );
    expect(screen.queryByRole('link', { name: 'View Gone Person' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Delft' })).toHaveAttribute(
      'href',
      '/pending-relations/view/30',
    );
  });

  it('shows publications with their year, co-authors, FAQ hint and a View of the parent', () => {
    renderWithProviders(<RelationList list={list} isPendingOnly />);
    const row = screen.getByText('Notes on the Analytical Engine').closest('tr')!;
    expect(within(row).getByText('2024')).toBeInTheDocument();
    expect(within(row).getByText('Bob Baker, Alan Turing')).toBeInTheDocument();
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /View/ })).toHaveAttribute(
      'href',
      '/relations/view/7',
    );
    expect(screen.getByRole('link', { name: 'Consult the FAQ.' })).toHaveAttribute(
      'href',
      '/help/faq',
    );
  });

  it('opens every section on the pending page and leaves out affiliations', () => {
    renderWithProviders(<RelationList list={list} isPendingOnly />);
    expect(screen.getByText('You have 4 pending relation(s) with other users')).toBeInTheDocument();
    expect(screen.queryByRole('button', { expanded: false })).not.toBeInTheDocument();
    expect(screen.queryByText('Institutional')).not.toBeInTheDocument();
  });

  it('switches to a grid of people and their reasons', async () => {
    renderWithProviders(<RelationList list={list} isPendingOnly={false} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Name' }));
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Alan Turing',
      'Bob Baker',
    ]);
    expect(
      within(rows[1]!).getByText(
        /Co-authored publication: Notes on the Analytical Engine \(2024\)/,
      ),
    ).toBeInTheDocument();
  });
});

/** A list of `count` co-authored papers, each with its own co-author. */
function listOfPapers(count: number): RelationListData {
  const papers = Array.from({ length: count }, (_, index) => ({
    publication_name: `Paper ${index + 1}`,
    publication_years: {
      '2020': {
        date_end_year: 2020,
        status: 1,
        co_author_names: `Coauthor ${index + 1}`,
        parent_id: 1000 + index,
        co_authors: [
          {
            coauthor_id: 2000 + index,
            coauthor_name: `Coauthor ${index + 1}`,
            status: 1,
            alow_modify: 0 as const,
            relationId: 0,
          },
        ],
      },
    },
  }));
  return { ...list, tot_relations: count, institution_list: [], relations: { '3': papers } };
}

describe('RelationList on a narrow screen', () => {
  const longTitle = 'A'.repeat(300);
  const withLongTitle: RelationListData = {
    ...list,
    relations: {
      '3': [
        {
          publication_name: longTitle,
          publication_years: {
            '2021': {
              date_end_year: 2021,
              status: 3,
              co_author_names: 'Grace Hopper',
              parent_id: 9,
              co_authors: [],
            },
          },
        },
      ],
    },
  };

  it('breaks a long unbroken title instead of pushing year, status and View aside', async () => {
    renderWithProviders(<RelationList list={withLongTitle} isPendingOnly />);
    const title = screen.getByRole('cell', { name: longTitle });
    expect(title).toHaveStyle({ overflowWrap: 'anywhere' });
  });

  it('never lets a status badge shrink below its word', () => {
    renderWithProviders(<RelationList list={withLongTitle} isPendingOnly />);
    expect(
      within(screen.getByRole('table')).getByText('Pending').closest('.mantine-Badge-root'),
    ).toHaveStyle({
      minWidth: 'max-content',
    });
  });
});

describe('RelationList with thousands of relations', () => {
  it('shows a long table a page at a time, and any page from the pager', async () => {
    renderWithProviders(<RelationList list={listOfPapers(120)} isPendingOnly />);
    expect(
      screen.getByText('You have 120 pending relation(s) with other users'),
    ).toBeInTheDocument();
    const table = () => screen.getByRole('table');
    const titles = () =>
      within(table())
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(titles()).toHaveLength(50);
    expect(titles()[0]).toBe('Paper 1');
    expect(screen.getByText('Rows 1–50 of 120')).toBeInTheDocument();

    const pages = screen.getByRole('navigation', { name: 'Co-authored publication: pages' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    expect(titles()).toEqual(Array.from({ length: 20 }, (_, index) => `Paper ${101 + index}`));
    expect(screen.getByText('Rows 101–120 of 120')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Paper 120' })).toHaveAttribute(
      'href',
      '/relations/view/1119',
    );

    await userEvent.click(within(pages).getByRole('button', { name: 'Previous page' }));
    expect(titles()[0]).toBe('Paper 51');
  });

  it('pages the people of the view by name too', async () => {
    renderWithProviders(<RelationList list={listOfPapers(60)} isPendingOnly={false} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Name' }));
    expect(screen.getAllByRole('row').slice(1)).toHaveLength(50);
    expect(screen.getByText('Rows 1–50 of 60')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getAllByRole('row').slice(1)).toHaveLength(10);
    expect(screen.getByText('Rows 51–60 of 60')).toBeInTheDocument();
  });

  it('shows a table that fits on one page without a pager', () => {
    renderWithProviders(<RelationList list={listOfPapers(50)} isPendingOnly />);
    expect(screen.getAllByRole('link', { name: /^View Paper/ })).toHaveLength(50);
    expect(screen.queryByRole('navigation', { name: /pages/ })).not.toBeInTheDocument();
  });
});

describe('groupRelationsByName', () => {
  it('gives each person once with every reason, skipping deleted users and institutions', () => {
    const people = groupRelationsByName(list);
    expect(people).toHaveLength(2);
    expect(people[1]!.name).toBe('Bob Baker');
    expect(people[1]!.reasons).toHaveLength(2);
  });
});

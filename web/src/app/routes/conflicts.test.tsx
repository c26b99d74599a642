import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultConflictRules, messages, ruleToWire } from '@recuse/common';
import type {
  ConferenceOption,
  ConflictPersonWire,
  ConflictReasonWire,
  InstitutionConflictWire,
} from '@recuse/common';
import { renderWithProviders, sentForm, stubFetch } from '../../testing/render-with-providers.tsx';
import type { FakeAnswer } from '../../testing/render-with-providers.tsx';
import { ConflictsPage } from './conflicts.tsx';

const defaultRules = defaultConflictRules.map(ruleToWire);
const conferences: ConferenceOption[] = [
  {
    value: 'DEFAULT',
    label: 'Default',
    conference_name: 'DEFAULT',
    confid: 1,
    reference_date: null,
    rules: defaultRules,
  },
  {
    value: '9',
    label: 'MICRO 2027',
    conference_name: 'MICRO-2027',
    confid: 9,
    reference_date: null,
    rules: [],
  },
  {
    value: '7',
    label: 'ISCA 2027',
    conference_name: 'ISCA-2027',
    confid: 7,
    reference_date: '2026-11-15',
    rules: [
      {
        ...defaultRules[0]!,
        value: 'coauthor-5y',
        rule_title: 'Co-authored publication within 5 years',
      },
      defaultRules[1]!,
    ],
  },
];

const reason = (fields: Partial<ConflictReasonWire>): ConflictReasonWire => ({
  rule_value: 'coauthor-4y',
  rule_title: 'Co-authored publication within 4 years',
  relation_id: 1,
  affiliation_id: null,
  relation_type_id: 3,
  relation_type_name: 'Co-authored publication',
  title: 'Notes on the Analytical Engine',
  start_year: null,
  start_month: null,
  end_year: 2024,
  end_month: null,
  status: 1,
  is_provisional: false,
  is_intern: false,
  ...fields,
});

const alan: ConflictPersonWire = {
  id: 2,
  name: 'Alan Turing',
  affiliation: 'Bletchley Park',
  is_provisional: false,
  reason: [
    reason({}),
    reason({
      rule_value: 'advisor-always',
      rule_title: 'Ph.D. advisor or advisee (always)',
      relation_id: 4,
      relation_type_id: 1,
      relation_type_name: 'Ph.D. advisor/advisee',
      title: null,
      start_year: 2015,
      end_year: 2019,
    }),
  ],
};

const grace: ConflictPersonWire = {
  id: 3,
  name: 'Grace Hopper',
  affiliation: null,
  is_provisional: true,
  reason: [reason({ status: 3, is_provisional: true })],
};

const delft: InstitutionConflictWire = {
  institution_id: 5,
  institution_name: 'Delft University of Technology',
  type_of_position: 'Pending employment or graduate-school application',
  year: 2025,
  years: '2025-present',
  is_provisional: false,
  reason: [
    {
      rule_value: 'pending-application-6m',
      rule_title: 'Pending employment or application within 6 months of the application date',
      relation_id: 3,
      affiliation_id: null,
      relation_type_id: 8,
      relation_type_name: 'Pending employment or graduate-school application',
      type_of_position: 'Pending employment or graduate-school application',
      start_year: 2025,
      start_month: 9,
      end_year: null,
      end_month: null,
      status: 1,
      is_provisional: false,
      is_intern: false,
    },
  ],
};

const conflictList = {
  errors: {},
  tot_relations: 3,
  relation_types: [],
  user_conflicts: [alan, grace],
  institution_list: [delft],
  relations: {
    '1': [
      {
        co_author_id: 2,
        display_coauthor_name: 'Alan Turing',
        co_author_status: 1,
        start_date: 2020,
        start_date_month: null,
        end_date: null,
        end_date_month: null,
        status: 1,
        modify_id: 11,
      },
    ],
    '3': [
      {
        publication_name: 'Notes on the Analytical Engine',
        publication_years: {
          '2024': {
            date_end_year: 2024,
            status: 3,
            co_author_names: 'Alan Turing, Grace Hopper',
            parent_id: 12,
            co_authors: [
              {
                coauthor_id: 2,
                coauthor_name: 'Alan Turing',
                status: 1,
                alow_modify: 0,
                relationId: 13,
              },
              {
                coauthor_id: 3,
                coauthor_name: 'Grace Hopper',
                status: 3,
                alow_modify: 0,
                relationId: 14,
              },
            ],
          },
        },
      },
    ],
  },
};

const hotcrpText = 'Alan Turing (Bletchley Park)\nAll (Delft University of Technology)\n';

function LocationProbe() {
  return <output aria-label="Current path">{useLocation().pathname}</output>;
}

function renderPage(path = '/relations/conflicts', answers: Record<string, FakeAnswer> = {}) {
  const fetchMock = stubFetch({
    '/v1/web/conference/data/list/conferDrpList': {
      body: { options: conferences, default_rules: defaultRules },
    },
    '/v1/web/relations/data/list': { body: conflictList },
    '/v1/web/relations/data/conflicts_export': { body: hotcrpText },
    ...answers,
  });
  renderWithProviders(
    <>
      <Routes>
        <Route path="/relations/conflicts" element={<ConflictsPage />} />
        <Route path="/relations/conflicts/:conferencename/:confid" element={<ConflictsPage />} />
      </Routes>
      <LocationProbe />
    </>,
    { path },
  );
  return fetchMock;
}

const ruleBox = (name: string) => screen.getByRole('checkbox', { name: new RegExp(`^${name}`) });
const generate = () =>
  userEvent.click(screen.getByRole('button', { name: 'Generate conflict list' }));
const callsTo = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls.flatMap(([url], index) => (String(url).includes(path) ? [index] : []));

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('ConflictsPage', () => {
  it('explains conflicts, picks Default, and ticks every rule with the read-only ones locked', async () => {
    renderPage();
    expect(screen.getByText(messages.loadingRules)).toBeInTheDocument();
    expect(screen.getByText(/conflicts of interest come from your relations/)).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Conference' })).toHaveValue('Default');
    for (const rule of defaultRules) {
      const box = ruleBox(rule.rule_title.replace(/[().]/g, '\\$&'));
      expect(box).toBeChecked();
      if (rule.readonly_field === 1) expect(box).toBeDisabled();
      else expect(box).toBeEnabled();
    }
    expect(screen.queryByRole('heading', { name: /People/ })).not.toBeInTheDocument();
  });

  it('clears all but the read-only rules, and selects all again', async () => {
    renderPage();
    await screen.findByRole('combobox', { name: 'Conference' });
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(ruleBox('Co-authored publication within 4 years')).not.toBeChecked();
    expect(ruleBox('Institutional within 2 years')).not.toBeChecked();
    expect(ruleBox('Ph\\.D\\. advisor or advisee')).toBeChecked();
    expect(ruleBox('Personal relationship')).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(ruleBox('Co-authored publication within 4 years')).toBeChecked();
    expect(ruleBox('Institutional within 2 years')).toBeChecked();
  });

  it('sends the ticked rules split by kind with the conference, and lists people and institutions', async () => {
    const fetchMock = renderPage();
    await screen.findByRole('combobox', { name: 'Conference' });
    await userEvent.click(ruleBox('Collaboration within 4 years'));
    await generate();
    expect(await screen.findByRole('heading', { name: 'People (2)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Institutions (1)' })).toBeInTheDocument();

    const form = sentForm(fetchMock, callsTo(fetchMock, '/v1/web/relations/data/list')[0]!);
    const values = (field: string) =>
      (JSON.parse(form[field]!) as Array<{ value: string }>).map((rule) => rule.value);
    expect(form.confid).toBe('1');
    expect(values('conflictRules')).toEqual([
      'coauthor-4y',
      'advisor-always',
      'employment-4y',
      'award-4y',
      'grant-4y',
      'personal-always',
    ]);
    expect(values('conflictRulesPendingEmp')).toEqual(['pending-application-6m']);
    expect(values('conflictInstiRules')).toEqual(['institutional-2y']);
  });

  it('marks provisional conflicts and opens each person to their reasons with links', async () => {
    renderPage();
    await screen.findByRole('combobox', { name: 'Conference' });
    await generate();
    const graceButton = await screen.findByRole('button', { name: /Grace Hopper/ });
    const badge = within(graceButton).getByText('Provisional');
    expect(
      within(screen.getByRole('button', { name: /Alan Turing/ })).queryByText('Provisional'),
    ).toBeNull();
    await userEvent.hover(badge);
    expect(
      await screen.findByText(/Provisional: every reason comes from pending relations/),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Alan Turing/ }));
    const advisorRow = (
      await screen.findByRole('cell', { name: 'Ph.D. advisor or advisee (always)' })
    ).closest('tr')!;
    expect(within(advisorRow).getByText('2015 – 2019')).toBeInTheDocument();
    expect(within(advisorRow).getByText('Accepted')).toBeInTheDocument();
    expect(within(advisorRow).getByRole('link', { name: 'View relation 4' })).toHaveAttribute(
      'href',
      '/relations/view/4',
    );

    await userEvent.click(screen.getByRole('button', { name: /Delft University of Technology/ }));
    expect(await screen.findByRole('link', { name: 'View relation 3' })).toHaveAttribute(
      'href',
      '/pending-relations/view/3',
    );
    expect(screen.getByText('09/2025 – ongoing')).toBeInTheDocument();
  });

  it('hides the list when a rule changes, until Generate is pressed again', async () => {
    renderPage();
    await screen.findByRole('combobox', { name: 'Conference' });
    await generate();
    expect(await screen.findByRole('heading', { name: 'People (2)' })).toBeInTheDocument();
    // Select all with everything ticked changes nothing, so the list stays.
    await userEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(screen.getByRole('heading', { name: 'People (2)' })).toBeInTheDocument();
    await userEvent.click(ruleBox('Employment within 4 years'));
    expect(screen.queryByRole('heading', { name: 'People (2)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
    await generate();
    expect(await screen.findByRole('heading', { name: 'People (2)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.queryByRole('heading', { name: 'People (2)' })).not.toBeInTheDocument();
  });

  it('preselects the conference the URL names, and picking another changes the URL and hides the list', async () => {
    renderPage('/relations/conflicts/ISCA-2027/7');
    expect(await screen.findByRole('combobox', { name: 'Conference' })).toHaveValue('ISCA 2027');
    expect(ruleBox('Co-authored publication within 5 years')).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /Institutional/ })).toBeNull();
    await generate();
    expect(await screen.findByRole('heading', { name: 'People (2)' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Conference' }));
    await userEvent.click(screen.getByRole('option', { name: 'Default' }));
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent(
      '/relations/conflicts/DEFAULT/1',
    );
    expect(
      await screen.findByRole('checkbox', { name: /^Institutional within 2 years/ }),
    ).toBeChecked();
    expect(screen.queryByRole('heading', { name: 'People (2)' })).not.toBeInTheDocument();
  });

  it('generates an empty list with a sentence for a conference with no rules yet, asking nothing', async () => {
    // The list call answers a selection without rules as the relations pages' list (the
    // profile's affiliations): reading that as conflicts used to say it could not fetch.
    const fetchMock = renderPage('/relations/conflicts/MICRO-2027/9', {
      '/v1/web/relations/data/list': {
        body: {
          ...conflictList,
          user_conflicts: [],
          institution_list: [
            {
              institution_name: 'Bletchley Park',
              institution_id: 5,
              institution_status: 1,
              type_of_position: 'Professor',
              year: 2019,
              years: '2019-present',
            },
          ],
        },
      },
    });
    expect(await screen.findByText('This conference has no rules yet.')).toBeInTheDocument();
    await generate();
    expect(
      await screen.findByText('This conference has no rules yet, so no conflicts are generated.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(messages.couldNotFetch)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
    expect(callsTo(fetchMock, '/v1/web/relations/data/list')).toEqual([]);
  });

  it('says no rule is ticked when every rule is cleared, and hides it once one is ticked', async () => {
    renderPage('/relations/conflicts/ISCA-2027/7', {
      '/v1/web/conference/data/list/conferDrpList': {
        body: {
          options: conferences.map((option) =>
            option.value === '7'
              ? { ...option, rules: option.rules.map((rule) => ({ ...rule, readonly_field: 0 })) }
              : option,
          ),
          default_rules: defaultRules,
        },
      },
    });
    await screen.findByRole('combobox', { name: 'Conference' });
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await generate();
    expect(
      await screen.findByText(/^No rule is ticked, so no conflicts are generated/),
    ).toBeInTheDocument();
    await userEvent.click(ruleBox('Co-authored publication within 5 years'));
    expect(screen.queryByText(/^No rule is ticked/)).toBeNull();
  });

  it('says so when the URL names a conference that does not exist', async () => {
    renderPage('/relations/conflicts/NOPE-2030/99');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We could not find the conference 'NOPE-2030'. Please choose a conference from the list.",
    );
    expect(screen.getByRole('combobox', { name: 'Conference' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Generate conflict list' })).toBeNull();
  });

  it('shows the server’s message when it refuses the selection', async () => {
    renderPage('/relations/conflicts', {
      '/v1/web/relations/data/list': {
        status: 422,
        body: {
          message: 'Please check below fields:',
          errors: {
            conflictRules: ["The rule 'Ph.D. advisor or advisee (always)' cannot be unticked."],
          },
        },
      },
    });
    await screen.findByRole('combobox', { name: 'Conference' });
    await generate();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please check below fields:');
    expect(alert).toHaveTextContent('cannot be unticked');
  });

  it('downloads each export for the generated selection, and copies the HotCRP text', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:conflicts');
    // jsdom has no object URLs; the browser test downloads for real.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    const fetchMock = renderPage();
    await screen.findByRole('combobox', { name: 'Conference' });
    await userEvent.click(ruleBox('Joint award within 4 years'));
    await generate();
    await screen.findByRole('heading', { name: 'People (2)' });
    const listForm = sentForm(fetchMock, callsTo(fetchMock, '/v1/web/relations/data/list')[0]!);

    for (const [button, format] of [
      ['Download HotCRP text', 'hotcrp'],
      ['Download CSV', 'csv'],
      ['Download JSON', 'json'],
    ] as const) {
      await userEvent.click(screen.getByRole('button', { name: button }));
      await waitFor(() =>
        expect(click).toHaveBeenCalledTimes(callsTo(fetchMock, 'conflicts_export').length),
      );
      const exportCalls = callsTo(fetchMock, 'conflicts_export');
      expect(sentForm(fetchMock, exportCalls.at(-1)!)).toEqual({ ...listForm, format });
    }
    expect(await screen.findByText('Downloaded conflicts-DEFAULT.json.')).toBeInTheDocument();
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe(hotcrpText);

    await userEvent.click(screen.getByRole('button', { name: 'Copy HotCRP text' }));
    expect(await screen.findByText(/Copied the HotCRP collaborators text/)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(hotcrpText);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, relationTypeToWire, relationTypes, relationTypesOrdered } from '@recuse/common';
import {
  labelled,
  renderWithProviders,
  sentForm,
  sentInit,
  stubFetch,
} from '../../testing/render-with-providers.tsx';
import type { FakeAnswer } from '../../testing/render-with-providers.tsx';
import { RelationAddPage } from './relation-add.tsx';

const addNew = {
  relationTypes: relationTypes.map(relationTypeToWire),
  relationTypesOrdered: relationTypesOrdered.map(relationTypeToWire),
  usersDrp: [
    { label: 'Alan Turing', value: 2, dblp_name: 'Alan M. Turing' },
    { label: 'Grace Hopper', value: 3, dblp_name: 'Grace Hopper', sec_email: 'grace@navy.mil' },
  ],
  institutionDrop: { '5': 'ETH Zurich' },
  paperTypes: { '1': 'Research paper', '2': 'Not a research paper' },
  allPublications: [],
  publicationDBLPUrl: 'https://dblp.org/rec/',
  LoggedInUserFullName: 'Ada Lovelace',
  defaultSource: 'Entry by self: Ada Lovelace, ada@example.org',
};

const created = (GID: number) => ({
  body: { GID, status: 'CREATED', message: messages.relationSaved },
});

function renderAddPage(answers: Record<string, FakeAnswer> = {}) {
  // The first path that matches answers, so the test's own answers go before the defaults.
  const fetchMock = stubFetch({
    ...answers,
    '/v1/web/relation/data/addnew': { body: addNew },
    '/v1/web/users/search': { body: { usersDrp: [] } },
    '/v1/web/institution/search': { body: { institutions: [] } },
  });
  renderWithProviders(
    <Routes>
      <Route path="/relations/add" element={<RelationAddPage />} />
      <Route path="/relations/view/:id" element={<p>Viewing relation</p>} />
      <Route path="/pending-relations/view/:id" element={<p>Viewing pending relation</p>} />
    </Routes>,
    { path: '/relations/add' },
  );
  return fetchMock;
}

/** Types text at once: a paste, which is what userEvent.type does minus a wait per key. */
async function fill(element: HTMLElement, text: string) {
  await userEvent.click(element);
  await userEvent.paste(text);
}

const typeSelect = () => screen.findByRole('combobox', { name: labelled('Relation type') });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

async function chooseType(name: string) {
  await userEvent.click(await typeSelect());
  await userEvent.click(await screen.findByRole('option', { name }));
  // The type's fields are fetched once a type is chosen (relation-form.tsx): every type has Source.
  await screen.findByRole('textbox', { name: labelled('Source') });
}

/** The field names of a stubbed call's body, sent as a form or as multipart. */
function sentFields(fetchMock: ReturnType<typeof stubFetch>, path: string) {
  const index = fetchMock.mock.calls.findIndex(([url]) => String(url).includes(path));
  expect(index).toBeGreaterThanOrEqual(0);
  const body = sentInit(fetchMock, index).body;
  if (body instanceof FormData) {
    return Object.fromEntries([...body.entries()].map(([key, value]) => [key, String(value)]));
  }
  return sentForm(fetchMock, index);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('RelationAddPage', () => {
  it('says the form is loading, then asks for a type before anything else', async () => {
    renderAddPage();
    expect(screen.getByText(messages.loadingRelationForm)).toBeInTheDocument();
    await typeSelect();
    await save();
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(messages.checkBelowFields);
    expect(summary).toHaveTextContent(messages.relationTypeRequired);
  });

  it('shows the title, paper type and co-author labels of publications and awards', async () => {
    renderAddPage();
    await chooseType('Co-authored publication');
    expect(screen.getByRole('combobox', { name: 'Publication title' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Year of publication' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Not a research paper' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Community paper' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /Co-authors/ })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Person name' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Ongoing/ })).not.toBeInTheDocument();

    await chooseType('Joint award');
    expect(screen.getByRole('textbox', { name: 'Award name' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /Co-awardees/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Co-awardee' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Not a research paper' })).not.toBeInTheDocument();
  });

  it('shows a person for person types and an institution for type 8', async () => {
    renderAddPage();
    await chooseType('Employment (supervisor or colleague at the same employer)');
    expect(screen.getByRole('combobox', { name: 'Person name' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start date' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'End date' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Award name' })).not.toBeInTheDocument();

    await chooseType('Pending employment or graduate-school application');
    expect(screen.getByRole('combobox', { name: 'Institution' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Application date' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Person name' })).not.toBeInTheDocument();
  });

  it('offers "ongoing" only where the end is optional, and ticking it hides and clears the end', async () => {
    const fetchMock = renderAddPage({
      '/v1/web/relation/data/save': created(21),
    });
    await chooseType('Collaboration (joint project or grant)');
    await userEvent.click(screen.getByRole('button', { name: 'End date' }));
    await userEvent.click(await screen.findByRole('button', { name: /Jan/ }));
    expect(screen.getByRole('button', { name: 'End date' })).toHaveTextContent(/01\/\d{4}/);
    await userEvent.click(screen.getByRole('checkbox', { name: /Ongoing/ }));
    expect(screen.queryByRole('button', { name: 'End date' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /Ongoing/ }));
    expect(screen.getByRole('button', { name: 'End date' })).toHaveTextContent('MM/YYYY');

    await chooseType('Co-authored publication');
    expect(screen.queryByRole('checkbox', { name: /Ongoing/ })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith(
      expect.stringContaining('/relation/data/save'),
      expect.anything(),
    );
  });

  it('asks for the person and the mandatory start date of a person type', async () => {
    renderAddPage();
    await chooseType('Ph.D. advisor/advisee');
    await save();
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(messages.personRequired);
    expect(summary).toHaveTextContent('Please select the Start date');
    expect(screen.getAllByText(messages.personRequired)).toHaveLength(2);
  });

  it('refuses free text that is not a known person or an e-mail', async () => {
    renderAddPage();
    await chooseType('Personal relationship');
    await fill(screen.getByRole('combobox', { name: 'Person name' }), 'Bob the builder');
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.personNotInSystem);
  });

  it('finds known people by secondary e-mail and others through the server search', async () => {
    const fetchMock = renderAddPage({
      '/v1/web/users/search?q=Liskov': {
        body: { usersDrp: [{ label: 'Barbara Liskov', value: 9, dblp_name: 'Barbara Liskov' }] },
      },
    });
    await chooseType('Personal relationship');
    const person = screen.getByRole('combobox', { name: 'Person name' });
    await fill(person, 'navy.mil');
    expect(await screen.findByRole('option', { name: /Grace Hopper/ })).toBeInTheDocument();
    await userEvent.clear(person);
    await fill(person, 'Liskov');
    expect(await screen.findByRole('option', { name: /Barbara Liskov/ })).toBeInTheDocument();
    const searches = fetchMock.mock.calls.filter(([url]) => String(url).includes('users/search'));
    expect(String(searches.at(-1)?.[0])).toContain('q=Liskov');
  });

  it('offers the person alone for the address of someone the server knows', async () => {
    renderAddPage({
      '/v1/web/users/search?q=barbara%40mit.edu': {
        body: {
          usersDrp: [
            { label: 'Barbara Liskov', value: 9, dblp_name: 'Barbara Liskov', typed_email: 1 },
          ],
        },
      },
    });
    await chooseType('Personal relationship');
    await fill(screen.getByRole('combobox', { name: 'Person name' }), 'barbara@mit.edu');
    expect(await screen.findByRole('option', { name: /Barbara Liskov/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Create email/ })).not.toBeInTheDocument();
  });

  it('offers nothing for one’s own address', async () => {
    const fetchMock = renderAddPage({
      '/v1/web/users/search?q=ada%40example.org': { body: { usersDrp: [], own_email: 1 } },
    });
    await chooseType('Personal relationship');
    await fill(screen.getByRole('combobox', { name: 'Person name' }), 'ada@example.org');
    expect(await screen.findByText(messages.ownEmailTyped)).toBeInTheDocument();
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('q=ada%40example.org'))).toBe(
      true,
    );
  });

  it('names someone new by e-mail with "Create email", requires the type 5 comment, and opens the new relation', async () => {
    const fetchMock = renderAddPage({ '/v1/web/relation/data/save': created(42) });
    await chooseType('Personal relationship');
    await fill(screen.getByRole('combobox', { name: 'Person name' }), 'New.Person@example.org');
    await userEvent.click(
      await screen.findByRole('option', { name: 'Create email: New.Person@example.org' }),
    );
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.commentRequired);

    await fill(screen.getByRole('textbox', { name: 'Comment' }), 'My sister');
    expect(screen.getByText('9/1000')).toBeInTheDocument();
    await save();
    expect(await screen.findByText(messages.relationSaved)).toBeInTheDocument();
    expect(sentFields(fetchMock, '/relation/data/save')).toMatchObject({
      relationType: '5',
      rUserId: '',
      rUserName: 'new.person@example.org',
      sourceUserUpdateComment: 'My sister',
      source: addNew.defaultSource,
      paperType: '1',
    });
    expect(await screen.findByText('Viewing relation', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('checks the co-author rows before adding one, and adds one after the spinner', async () => {
    renderAddPage();
    await chooseType('Co-authored publication');
    const addButton = screen.getByRole('button', { name: 'Add co-author' });
    await userEvent.click(addButton);
    expect(screen.getByText(messages.coauthorNotSelected)).toBeInTheDocument();

    const firstRow = screen.getByRole('combobox', { name: 'Co-author 1' });
    await fill(firstRow, 'Bob');
    await userEvent.click(addButton);
    expect(screen.getByText(messages.coauthorEmailRequired)).toBeInTheDocument();

    await userEvent.clear(firstRow);
    await fill(firstRow, 'Grace');
    await userEvent.click(await screen.findByRole('option', { name: /Grace Hopper/ }));
    await userEvent.click(addButton);
    expect(screen.queryByText(messages.coauthorEmailRequired)).not.toBeInTheDocument();
    expect(
      await screen.findByRole('combobox', { name: 'Co-author 2' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove co-author 2' }));
    expect(screen.queryByRole('combobox', { name: 'Co-author 2' })).not.toBeInTheDocument();
  });

  it.each(['Joint award', 'Joint grant or fellowship'])(
    'calls the people of a %s co-awardees, on the button too',
    async (typeName) => {
      renderAddPage();
      await chooseType(typeName);
      expect(screen.getByRole('combobox', { name: 'Co-awardee 1' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Add co-awardee' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Add co-author' })).not.toBeInTheDocument();
    },
  );

  it('lists every missing publication field under "Please check below fields:"', async () => {
    renderAddPage();
    await chooseType('Co-authored publication');
    await save();
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(messages.checkBelowFields);
    expect(summary).toHaveTextContent(messages.publicationTitleRequired);
    expect(summary).toHaveTextContent(messages.coauthorsRequired);
    expect(summary).toHaveTextContent('Please select the Year of publication');

    await chooseType('Joint award');
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.awardNameRequired);
    expect(screen.getByRole('alert')).toHaveTextContent(messages.coawardeesRequired);
  });

  it('saves a publication with multipart, sending the paper type and co-authors', async () => {
    const fetchMock = renderAddPage({ '/v1/web/relation/data/coauthor_save': created(7) });
    await chooseType('Co-authored publication');
    await fill(screen.getByRole('combobox', { name: 'Publication title' }), 'On Numbers');
    await userEvent.click(screen.getByRole('radio', { name: 'Not a research paper' }));
    await fill(screen.getByRole('combobox', { name: 'Co-author 1' }), 'Alan');
    await userEvent.click(await screen.findByRole('option', { name: /Alan Turing/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Year of publication' }));
    const thisYear = String(new Date().getFullYear());
    await userEvent.click(await screen.findByRole('button', { name: thisYear }));
    await save();
    expect(await screen.findByText(messages.relationSaved)).toBeInTheDocument();
    const fields = sentFields(fetchMock, '/relation/data/coauthor_save');
    expect(fields).toMatchObject({
      relationType: '3',
      publicationName: 'On Numbers',
      paperType: '2',
      communityPaperId: '0',
      dateEndYear: thisYear,
      dateEndMonth: '',
    });
    expect(JSON.parse(fields.coAuthorDetails!)).toEqual([
      { relation_id: '', coauthor_id: '2', coauthor_name: 'Alan Turing', status: '3' },
    ]);
    expect(fields).not.toHaveProperty('GID');
  });

  it('says when the relation exists already, with a link to it', async () => {
    renderAddPage({
      '/v1/web/relation/data/save': {
        status: 409,
        body: { GID: 12, status: 'DUPLICATE ENTRY', message: messages.relationExists },
      },
    });
    await chooseType('Personal relationship');
    await fill(screen.getByRole('combobox', { name: 'Person name' }), 'Alan');
    await userEvent.click(await screen.findByRole('option', { name: /Alan Turing/ }));
    await fill(screen.getByRole('textbox', { name: 'Comment' }), 'Brother');
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.relationExists);
    expect(screen.getByRole('link', { name: 'View the existing relation' })).toHaveAttribute(
      'href',
      '/relations/view/12',
    );
  });

  it('shows the server’s field errors, and a network failure in the contract’s words', async () => {
    renderAddPage({
      '/v1/web/relation/data/save': {
        status: 422,
        body: {
          message: messages.checkBelowFields,
          errors: { rUserId: [messages.relationWithYourself] },
        },
      },
    });
    await chooseType('Personal relationship');
    await fill(screen.getByRole('combobox', { name: 'Person name' }), 'Alan');
    await userEvent.click(await screen.findByRole('option', { name: /Alan Turing/ }));
    await fill(screen.getByRole('textbox', { name: 'Comment' }), 'Cousin');
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.relationWithYourself);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await save();
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(messages.recordNotSaved),
    );
  });

  it('records a pending application with an institution proposed by name', async () => {
    const fetchMock = renderAddPage({
      '/v1/web/relation/data/pending_employment_save': created(31),
    });
    await chooseType('Pending employment or graduate-school application');
    await save();
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(messages.institutionRequired);
    expect(summary).toHaveTextContent('Please select the Application date');

    await fill(screen.getByRole('combobox', { name: 'Institution' }), 'Bletchley Lab');
    await userEvent.click(
      await screen.findByRole('option', { name: 'Add new institution: Bletchley Lab' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Application date' }));
    await userEvent.click(await screen.findByRole('button', { name: /Jan/ }));
    await save();
    expect(await screen.findByText(messages.relationSaved)).toBeInTheDocument();
    expect(sentFields(fetchMock, 'pending_employment_save')).toMatchObject({
      relationType: '8',
      rInstitutionId: '',
      rInstitutionName: 'Bletchley Lab',
      dateStartMonth: '1',
      dateEndYear: '',
    });
    expect(
      await screen.findByText('Viewing pending relation', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
  });

  it('opens the help beside the persons, co-author, paper type and institution fields', async () => {
    renderAddPage();
    const openHelp = async (button: string, title: string, text: RegExp) => {
      await userEvent.click(screen.getByRole('button', { name: button }));
      const dialog = await screen.findByRole('dialog', { name: title });
      expect(within(dialog).getByText(text)).toBeInTheDocument();
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    };
    await chooseType('Ph.D. advisor/advisee');
    await openHelp('Help: Persons', 'Persons', /choose .Create email./);
    await chooseType('Co-authored publication');
    await openHelp('Help: Paper types', 'Paper types', /an editorial, a report/);
    await openHelp('Help: Co-authors', 'Co-authors', /one per row/);
    await chooseType('Pending employment or graduate-school application');
    await openHelp('Help: Institution', 'Institution', /sent\s+to an administrator/);
  });

  it('opens the help for relation types beside the type field', async () => {
    renderAddPage();
    await typeSelect();
    await userEvent.click(screen.getByRole('button', { name: 'Help: Relation types' }));
    const dialog = await screen.findByRole('dialog', { name: 'Relation types' });
    expect(within(dialog).getByText(/You are co-authors of a paper/)).toBeInTheDocument();
  });
});

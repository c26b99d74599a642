import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, relationTypeToWire, relationTypes } from '@recuse/common';
import type { RelationCommentsReply, RelationViewReply } from '@recuse/common';
import { createQueryClient } from '../../lib/query-client.ts';
import { renderWithProviders, sentForm, stubFetch } from '../../testing/render-with-providers.tsx';
import { RelationViewPage } from './relation-view.tsx';
import { RelationsListPage } from './relations-list.tsx';

const noPermissions: RelationViewReply['permissions'] = {
  accept: 0,
  reject: 0,
  requestChange: 0,
  contactAdmin: 0,
  modify: 0,
  delete: 0,
};

const waitingForGrace: RelationViewReply = {
  GID: 7,
  UId: 1,
  UName: 'Ada Lovelace',
  relationType: 3,
  relationTypeName: 'Co-authored publication',
  rUserId: 2,
  rUserName: '',
  source: 'Entry by self: Ada Lovelace, ada@example.org',
  notes: '',
  paperType: 1,
  dateStartYear: null,
  dateStartMonth: null,
  dateEndYear: 2024,
  dateEndMonth: null,
  isOngoing: 0,
  Status: 3,
  allowModify: 0,
  sourceUserIsLoggedInUser: 0,
  relUserIsLoggedInUser: 1,
  publicationId: null,
  publicationName: 'Notes on the Analytical Engine',
  publicationDBLPUrl: '',
  DBLPImportedEntry: 0,
  communityPaper: 0,
  coauthor_status: 3,
  rInstitutionId: null,
  rInstitutionName: '',
  institutionStatus: null,
  sourceUserUpdateComment: '',
  latest_unread_notification_id: null,
  LoggedInUserFullName: 'Grace Hopper',
  rejectReason: '',
  permissions: { ...noPermissions, accept: 1, reject: 1, requestChange: 1, contactAdmin: 1 },
  coAuthors: [
    {
      relation_id: 3,
      relation_parent_id: 7,
      coauthor_id: 2,
      coauthor_name: 'Grace Hopper',
      status: 3,
      reject_reason: '',
      allowModify: 0,
    },
  ],
  numberOfCoAuthors: 1,
  relationTypes: relationTypes.map(relationTypeToWire),
  paperTypes: { '1': 'Research paper' },
  usersDrp: [],
  institutionDrop: {},
};

const comments: RelationCommentsReply = {
  user_action_data: [],
  data: [
    {
      id: 1,
      submittedBy: 'Ada Lovelace',
      contactAdmin: 'Y',
      Comments: 'Please check the year.',
      isChangeComment: 0,
      isAdminAnswer: 0,
      createdAt: '2026-11-21T06:49:28.339Z',
    },
  ],
};

function renderView(relation: object) {
  const fetchMock = stubFetch({
    '/v1/web/relation/data/view/7': { body: relation },
    '/v1/web/relation_modify_request_comments_list': { body: comments },
    '/v1/web/relation_reject_relation': {
      body: { GID: 7, status: 'UPDATED', message: messages.recordUpdated },
    },
  });
  renderWithProviders(
    <Routes>
      <Route path="/relations/:action/:id" element={<RelationViewPage />} />
    </Routes>,
    { path: '/relations/view/7' },
  );
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RelationViewPage', () => {
  it('shows the relation, its co-authors, callouts and the named person’s actions', async () => {
    renderView(waitingForGrace);
    expect(screen.getByText(messages.fetchingRelation)).toBeInTheDocument();
    const heading = await screen.findByRole('heading', { level: 1, name: /Relation - / });
    expect(heading).toHaveTextContent('Relation - Co-authored publication');
    expect(within(heading).getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('Notes on the Analytical Engine')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByText(messages.namedUserComment)).toBeInTheDocument();
    for (const name of ['Accept', 'Reject', 'Request a change', 'Contact admin']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(await screen.findByText(/Ada Lovelace \(To Admin\)/)).toBeInTheDocument();
  });

  it.each([
    ['a deleted or foreign relation', '/relations/view/7', 404],
    ['a malformed id', '/relations/view/not-a-number', 404],
    ['an id too long to read', `/relations/view/${'9'.repeat(40)}`, 422],
    ['a pending employment of someone else', '/pending-relations/view/7', 404],
  ])('says at once that %s is not found, asking only once', async (_case, path, status) => {
    const fetchMock = stubFetch({
      '/v1/web/relation/data/': { status, body: { message: messages.notFound } },
    });
    renderWithProviders(
      <Routes>
        <Route path="/relations/:action/:id" element={<RelationViewPage />} />
        <Route path="/pending-relations/:action/:id" element={<RelationViewPage />} />
      </Routes>,
      { path, queryClient: createQueryClient() },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.relationNotFound);
    expect(screen.queryByText(messages.couldNotFetch)).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows a co-author who disputed the relation as pending in the co-author table', async () => {
    const disputedRow = { ...waitingForGrace.coAuthors[0]!, status: 4 };
    renderView({ ...waitingForGrace, coAuthors: [disputedRow] });
    const row = (await screen.findByRole('cell', { name: 'Grace Hopper' })).closest('tr')!;
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).queryByText('Disputed')).not.toBeInTheDocument();
  });

  it('asks for a reason before rejecting, then sends it and says so', async () => {
    const fetchMock = renderView(waitingForGrace);
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText(messages.rejectReasonRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason for rejection'), 'Wrong year');
    expect(within(dialog).getByText('10/1000')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(messages.recordUpdated)).toBeInTheDocument();
    const rejectCall = fetchMock.mock.calls.findIndex(([url]) =>
      String(url).includes('relation_reject_relation'),
    );
    expect(sentForm(fetchMock, rejectCall)).toMatchObject({
      GID: '7',
      relationTypeName: 'Co-authored publication',
      rejectionComment: 'Wrong year',
    });
  });

  it('lets the creator delete after confirming, and tells them their request is awaited', async () => {
    renderView({
      ...waitingForGrace,
      sourceUserIsLoggedInUser: 1,
      relUserIsLoggedInUser: 0,
      permissions: { ...noPermissions, contactAdmin: 1, modify: 1, delete: 1 },
    });
    expect(await screen.findByText(messages.awaitingOtherUser)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    // The creator changes the relation with a comment on its form: nobody to ask for a change.
    expect(screen.queryByRole('button', { name: 'Request a change' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(
      screen.getByText('Do you wish to delete this Co-authored publication relation?'),
    ).toBeInTheDocument();
  });
});

describe('RelationViewPage, deleting', () => {
  it('returns to the list after Delete and says the relation was deleted', async () => {
    const emptyList = {
      errors: {},
      tot_relations: 0,
      institution_list: [],
      user_conflicts: [],
      relation_types: relationTypes.map(relationTypeToWire),
      relations: {},
    };
    const fetchMock = stubFetch({
      '/v1/web/relation/data/view/7': {
        body: {
          ...waitingForGrace,
          sourceUserIsLoggedInUser: 1,
          relUserIsLoggedInUser: 0,
          permissions: { ...noPermissions, contactAdmin: 1, delete: 1 },
        },
      },
      '/v1/web/relation_modify_request_comments_list': { body: comments },
      '/v1/web/relation/data/delete': {
        body: { GID: 7, status: 'DELETED', message: messages.relationDeleted },
      },
      '/v1/web/relations/data/list': { body: emptyList },
    });
    renderWithProviders(
      <Routes>
        <Route path="/relations/:action/:id" element={<RelationViewPage />} />
        <Route path="/relations" element={<RelationsListPage />} />
      </Routes>,
      { path: '/relations/view/7' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, delete' }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'List relations' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(messages.relationDeleted);
    expect(await screen.findByText('You have 0 relation(s) with other users')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).includes('/v1/web/relations/data/list')),
    ).toBe(true);
  });
});

/** Types text at once: a paste, which is what userEvent.type does minus a wait per key. */
async function fill(element: HTMLElement, text: string) {
  await userEvent.click(element);
  await userEvent.paste(text);
}

/** The field names of a stubbed call's body, sent as a form or as multipart. */
function sentFields(fetchMock: ReturnType<typeof stubFetch>, path: string) {
  const index = fetchMock.mock.calls.findIndex(([url]) => String(url).includes(path));
  expect(index).toBeGreaterThanOrEqual(0);
  const body = fetchMock.mock.calls[index]?.[1]?.body;
  if (body instanceof FormData) {
    return Object.fromEntries([...body.entries()].map(([key, value]) => [key, String(value)]));
  }
  return sentForm(fetchMock, index);
}

const createdByAda = {
  ...waitingForGrace,
  rUserId: 0,
  sourceUserIsLoggedInUser: 1,
  relUserIsLoggedInUser: 0,
  permissions: { ...noPermissions, contactAdmin: 1, modify: 1, delete: 1 },
  coAuthors: [{ ...waitingForGrace.coAuthors[0]!, allowModify: 1 }],
  usersDrp: [
    { label: 'Alan Turing', value: 5, dblp_name: 'Alan M. Turing' },
    { label: 'Grace Hopper', value: 2, dblp_name: 'Grace Hopper' },
  ],
  institutionDrop: {},
};

function renderModify(relation: object, savePath = '/v1/web/relation/data/coauthor_save') {
  const fetchMock = stubFetch({
    '/v1/web/relation/data/view/7': { body: relation },
    '/v1/web/relation_modify_request_comments_list': { body: comments },
    '/v1/web/users/search': { body: { usersDrp: [] } },
    [savePath]: { body: { GID: 7, status: 'UPDATED COAUTHOR', message: messages.relationUpdated } },
  });
  renderWithProviders(
    <Routes>
      <Route path="/relations/:action/:id" element={<RelationViewPage />} />
    </Routes>,
    { path: '/relations/view/7' },
  );
  return fetchMock;
}

describe('RelationViewPage, modifying', () => {
  it('gives the creator the form, and asks for a change comment before saving', async () => {
    const fetchMock = renderModify(createdByAda);
    const typeField = await screen.findByRole('combobox', { name: 'Relation type' });
    expect(typeField).toBeDisabled();
    expect(typeField).toHaveValue('Co-authored publication');
    expect(screen.getByRole('combobox', { name: 'Publication title' })).toHaveValue(
      'Notes on the Analytical Engine',
    );
    const storedRow = screen.getByRole('combobox', { name: 'Co-author 1' });
    expect(storedRow).toBeDisabled();
    expect(storedRow).toHaveValue('Grace Hopper');
    expect(screen.queryByRole('button', { name: 'Remove co-author 1' })).not.toBeInTheDocument();
    expect(screen.getByText(messages.creatorMayEdit)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.changeCommentRequired);

    await fill(screen.getByRole('textbox', { name: 'Comment' }), 'Fixed the title');
    expect(screen.getByText('15/1000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.relationUpdated)).toBeInTheDocument();
    const fields = sentFields(fetchMock, '/relation/data/coauthor_save');
    expect(fields).toMatchObject({
      GID: '7',
      relationType: '3',
      sourceUserUpdateComment: 'Fixed the title',
      oldPublicationName: 'Notes on the Analytical Engine',
      dateEndYear: '2024',
    });
    expect(JSON.parse(fields.coAuthorDetails!)).toEqual([
      { relation_id: '3', coauthor_id: '2', coauthor_name: 'Grace Hopper', status: '3' },
    ]);
    // Reloaded after 1 s: the view is fetched again and the form starts afresh.
    await waitFor(
      () =>
        expect(
          fetchMock.mock.calls.filter(([url]) => String(url).includes('/relation/data/view/7')),
        ).toHaveLength(2),
      { timeout: 3000 },
    );
  });

  it('lets the creator add a co-author and remove only rows added on the page', async () => {
    const fetchMock = renderModify(createdByAda);
    await userEvent.click(await screen.findByRole('button', { name: 'Add co-author' }));
    const newRow = await screen.findByRole('combobox', { name: 'Co-author 2' }, { timeout: 3000 });
    expect(newRow).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remove co-author 2' })).toBeInTheDocument();
    await fill(newRow, 'Alan');
    await userEvent.click(await screen.findByRole('option', { name: /Alan Turing/ }));
    await fill(screen.getByRole('textbox', { name: 'Comment' }), 'Added Alan');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.relationUpdated)).toBeInTheDocument();
    expect(JSON.parse(sentFields(fetchMock, 'coauthor_save').coAuthorDetails!)).toEqual([
      { relation_id: '3', coauthor_id: '2', coauthor_name: 'Grace Hopper', status: '3' },
      { relation_id: '', coauthor_id: '5', coauthor_name: 'Alan Turing', status: '3' },
    ]);
  });

  it('keeps the fields read-only for a named person', async () => {
    renderModify(waitingForGrace);
    expect(await screen.findByText('Notes on the Analytical Engine')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Comment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add co-author' })).not.toBeInTheDocument();
  });

  it('keeps a DBLP-imported relation read-only for its creator, who contacts the admin', async () => {
    renderModify({
      ...createdByAda,
      DBLPImportedEntry: 1,
      permissions: { ...noPermissions, contactAdmin: 1 },
    });
    expect(await screen.findByText(messages.importedContactAdmin)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contact admin' })).toBeInTheDocument();
  });

  it('modifies a pending employment from its own page with pending_employment_save', async () => {
    const type8 = {
      ...createdByAda,
      GID: 9,
      relationType: 8,
      relationTypeName: 'Pending employment or graduate-school application',
      publicationName: '',
      coAuthors: [],
      dateStartYear: 2025,
      dateStartMonth: 3,
      dateEndYear: null,
      isOngoing: 1,
      rInstitutionId: 5,
      rInstitutionName: 'ETH Zurich',
      institutionStatus: 1,
      institutionId: 5,
      institutionName: 'ETH Zurich',
      institutionDrop: { '5': 'ETH Zurich' },
    };
    const fetchMock = stubFetch({
      '/v1/web/relation/data/pending_employment_view/9': { body: type8 },
      '/v1/web/relation_modify_request_comments_list': { body: { data: [] } },
      '/v1/web/relation/data/pending_employment_save': {
        body: { GID: 9, status: 'UPDATED', message: messages.relationUpdated },
      },
    });
    renderWithProviders(
      <Routes>
        <Route path="/pending-relations/:action/:id" element={<RelationViewPage />} />
      </Routes>,
      { path: '/pending-relations/view/9' },
    );
    expect(await screen.findByRole('combobox', { name: 'Institution' })).toHaveValue('ETH Zurich');
    expect(screen.getByRole('button', { name: 'Application date' })).toHaveTextContent('03/2025');
    expect(screen.getByRole('checkbox', { name: /Ongoing/ })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'End of discussions' })).not.toBeInTheDocument();
    await fill(screen.getByRole('textbox', { name: 'Comment' }), 'New notes');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.relationUpdated)).toBeInTheDocument();
    expect(sentFields(fetchMock, 'pending_employment_save')).toMatchObject({
      GID: '9',
      relationType: '8',
      rInstitutionId: '5',
      rInstitutionName: 'ETH Zurich',
      dateStartYear: '2025',
      dateStartMonth: '3',
      dateEndYear: '',
      dateEndMonth: '',
      sourceUserUpdateComment: 'New notes',
    });
  });
});

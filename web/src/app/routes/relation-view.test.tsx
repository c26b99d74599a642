import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, relationTypeToWire, relationTypes } from '@recuse/common';
import { renderWithProviders, sentForm, stubFetch } from '../../testing/render-with-providers.tsx';
import { RelationViewPage } from './relation-view.tsx';

const noPermissions = {
  accept: 0,
  reject: 0,
  requestChange: 0,
  contactAdmin: 0,
  modify: 0,
  delete: 0,
};

const waitingForGrace = {
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
  sourceUserIsLoggedInUser: 0,
  relUserIsLoggedInUser: 1,
  publicationName: 'Notes on the Analytical Engine',
  DBLPImportedEntry: 0,
  communityPaper: 0,
  coauthor_status: 3,
  rInstitutionId: null,
  rInstitutionName: '',
  institutionStatus: null,
  sourceUserUpdateComment: '',
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
  relationTypes: relationTypes.map(relationTypeToWire),
  paperTypes: { '1': 'Research paper' },
};

const comments = {
  data: [
    {
      id: 1,
      submittedBy: 'Ada Lovelace',
      contactAdmin: 'Y',
      Comments: 'Please check the year.',
      isChangeComment: 0,
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
      permissions: { ...noPermissions, requestChange: 1, modify: 1, delete: 1 },
    });
    expect(await screen.findByText(messages.awaitingOtherUser)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(
      screen.getByText('Do you wish to delete this Co-authored publication relation?'),
    ).toBeInTheDocument();
  });
});

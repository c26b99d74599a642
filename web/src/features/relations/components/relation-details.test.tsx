import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages, relationTypeToWire, relationTypes } from '@recuse/common';
import type { RelationViewReply } from '@recuse/common';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { RelationDetails } from './relation-details.tsx';

const wireTypes = relationTypes.map(relationTypeToWire);
const typeOf = (id: number) => wireTypes.find((type) => type.id === id);

const noPermissions: RelationViewReply['permissions'] = {
  accept: 0,
  reject: 0,
  requestChange: 0,
  contactAdmin: 1,
  modify: 0,
  delete: 0,
};

const personRelation: RelationViewReply = {
  GID: 7,
  UId: 1,
  UName: 'Ada Lovelace',
  relationType: 2,
  relationTypeName: 'Collaboration (joint project or grant)',
  rUserId: 2,
  rUserName: 'Grace Hopper',
  source: 'Entry by self: Ada Lovelace, ada@example.org',
  notes: '',
  paperType: 1,
  dateStartYear: 2020,
  dateStartMonth: 3,
  dateEndYear: null,
  dateEndMonth: null,
  isOngoing: 1,
  Status: 3,
  allowModify: 0,
  sourceUserIsLoggedInUser: 0,
  relUserIsLoggedInUser: 1,
  publicationId: null,
  publicationName: '',
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
  permissions: noPermissions,
  coAuthors: [],
  numberOfCoAuthors: 0,
  relationTypes: wireTypes,
  paperTypes: { '1': 'Research paper' },
  usersDrp: [],
  institutionDrop: {},
};

const callouts = () => screen.queryAllByRole('note').map((note) => note.textContent);

describe('RelationDetails callouts', () => {
  it('tells the person who rejected a relation so once', () => {
    const rejected: RelationViewReply = {
      ...personRelation,
      Status: 4,
      rejectReason: 'Never worked together',
    };
    renderWithProviders(<RelationDetails relation={rejected} type={typeOf(2)} />);
    expect(callouts()).toEqual([messages.namedUserComment, messages.youRejected]);
  });

  it('never says a pending employment awaits another user: it awaits the institution', () => {
    const application: RelationViewReply = {
      ...personRelation,
      relationType: 8,
      relationTypeName: 'Pending employment or graduate-school application',
      rUserId: 0,
      rUserName: '',
      rInstitutionId: 5,
      rInstitutionName: 'Unheard-of College',
      institutionStatus: 3,
      sourceUserIsLoggedInUser: 1,
      relUserIsLoggedInUser: 0,
    };
    renderWithProviders(<RelationDetails relation={application} type={typeOf(8)} />);
    expect(callouts()).toEqual([messages.institutionNotApproved, messages.creatorMayEdit]);
  });

  it('tells the creator of a person relation that the other user is awaited', () => {
    const waiting: RelationViewReply = {
      ...personRelation,
      sourceUserIsLoggedInUser: 1,
      relUserIsLoggedInUser: 0,
    };
    renderWithProviders(<RelationDetails relation={waiting} type={typeOf(2)} />);
    expect(callouts()).toEqual([messages.creatorMayEdit, messages.awaitingOtherUser]);
  });
});

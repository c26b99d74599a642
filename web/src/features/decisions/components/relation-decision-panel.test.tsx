import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RelationLogReply } from '@recuse/common';
import { relationDecisionMessages } from '@recuse/common';
import {
  renderWithProviders,
  sentForm,
  stubFetch,
} from '../../../testing/render-with-providers.tsx';
import { actionLabel, actorLabel, fieldLabel } from './history-labels.ts';
import { RelationDecisionPanel } from './relation-decision-panel.tsx';

const relation: RelationLogReply['relation'] = {
  id: 42,
  typeId: 1,
  typeName: 'Co-authorship',
  title: 'On Engines',
  status: 3,
  isDblpImported: false,
  creator: { id: 2, name: 'Ada Lovelace' },
  parties: [{ id: 3, name: 'Alan Turing', status: 3 }],
  createdAt: '2026-01-02T10:00:00.000Z',
  canDecide: true,
  startDate: '2025',
  endDate: '',
  institution: '',
  source: '',
  notes: '',
};

const logOf = (overrides: Partial<RelationLogReply> = {}): RelationLogReply => ({
  relation,
  decisionRefusal: null,
  history: [],
  comments: [],
  ...overrides,
});

describe('RelationDecisionPanel', () => {
  it('says why a chair named on the relation cannot decide, and offers no buttons', () => {
    renderWithProviders(
      <RelationDecisionPanel
        log={logOf({
          relation: { ...relation, canDecide: false },
          decisionRefusal: relationDecisionMessages.namedOnIt,
        })}
      />,
    );
    expect(screen.getByText(relationDecisionMessages.namedOnIt)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Validate…' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete…' })).not.toBeInTheDocument();
  });

  it('asks for the reason of a deletion before sending it, then sends it', async () => {
    const fetchMock = stubFetch({
      '/v1/web/admin/relations/delete': {
        body: { message: 'SUCCESS', relation: { ...relation, status: 2, canDecide: false } },
      },
    });
    renderWithProviders(<RelationDecisionPanel log={logOf()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this relation' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getAllByText(relationDecisionMessages.reasonRequired)).not.toHaveLength(
      0,
    );
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(
      within(dialog).getByRole('textbox', { name: /Reason for the deletion/ }),
      'A homonym.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Relation 42 is deleted. Everyone on it is told, with your reason.',
    );
    expect(sentForm(fetchMock, 0)).toEqual({ relationId: '42', reason: 'A homonym.' });
  });

  it('shows the server’s sentence when the relation was deleted meanwhile', async () => {
    stubFetch({
      '/v1/web/admin/relations/validate': {
        status: 409,
        body: { message: relationDecisionMessages.alreadyDeleted },
      },
    });
    renderWithProviders(<RelationDecisionPanel log={logOf()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Validate…' }));
    const dialog = screen.getByRole('dialog', { name: 'Validate this relation' });
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      relationDecisionMessages.alreadyDeleted,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('history labels', () => {
  it('names actions, actors and fields in words', () => {
    expect(actionLabel('relation.validate')).toBe('Validated by a decision');
    expect(actionLabel('relation.some-new-thing')).toBe('some new thing');
    expect(actorLabel(null)).toBe('the system (DBLP import or crawl)');
    expect(actorLabel({ name: 'Frances Allen' })).toBe('Frances Allen');
    expect(fieldLabel('parties')).toBe('People');
    expect(fieldLabel('isCommunityPaper')).toBe('Is community paper');
  });
});

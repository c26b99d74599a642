import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  renderWithProviders,
  sentForm,
  stubFetch,
} from '../../../testing/render-with-providers.tsx';
import { ChairsPanel } from './chairs-panel.tsx';

const carla = { user_id: 3, name: 'Carla Chair', email: 'carla@example.org' };
const cody = { user_id: 7, name: 'Cody Cochair', email: 'cody@example.org' };
const listPath = '/v1/web/conference/data/chair/list/12';
const removePath = '/v1/web/conference/data/chair/remove/12';
const updated = {
  message: 'UPDATED',
  conference: {
    value: '12',
    label: 'Chairs 12',
    conference_name: 'CHAIRS-12',
    confid: 12,
    reference_date: null,
    rules: [],
  },
};
const lastChair =
  'A conference needs at least one chair: name another chair before removing this one.';

function renderPanel(onOwnChairRemoved = vi.fn()) {
  renderWithProviders(
    <ChairsPanel confid={12} ownEmail="Carla@example.org" onOwnChairRemoved={onOwnChairRemoved} />,
  );
  return onOwnChairRemoved;
}

const chairsTable = () => screen.findByRole('table', { name: 'Co-chairs' });

describe('ChairsPanel', () => {
  it('lists the chairs, marks the signed-in one, and removes a co-chair after asking', async () => {
    const list = { body: { chairs: [carla, cody] } };
    const fetchMock = stubFetch({ [removePath]: { body: updated }, [listPath]: list });
    const onOwnChairRemoved = renderPanel();
    const table = await chairsTable();
    const carlaRow = within(table).getByRole('row', { name: /Carla Chair/ });
    expect(carlaRow).toHaveTextContent('Carla Chair (you)');
    expect(carlaRow).toHaveTextContent('carla@example.org');
    expect(within(table).getByRole('row', { name: /Cody Cochair/ })).not.toHaveTextContent('(you)');

    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Remove Cody Cochair as a chair' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove a chair' });
    expect(dialog).toHaveTextContent('Remove Cody Cochair as a chair of this conference?');
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith(removePath))).toBe(false);
    list.body = { chairs: [carla] };
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Cody Cochair no longer chairs this conference.',
    );
    const removal = fetchMock.mock.calls.findIndex(([url]) => String(url).startsWith(removePath));
    expect(sentForm(fetchMock, removal)).toEqual({ user_id: '7' });
    await vi.waitFor(async () =>
      expect(within(await chairsTable()).queryByText('Cody Cochair')).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onOwnChairRemoved).not.toHaveBeenCalled();
  });

  it('cancels without a call', async () => {
    const fetchMock = stubFetch({ [listPath]: { body: { chairs: [carla, cody] } } });
    renderPanel();
    const user = userEvent.setup();
    await user.click(
      within(await chairsTable()).getByRole('button', { name: 'Remove Cody Cochair as a chair' }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith(removePath))).toBe(false);
  });

  it('shows in the dialog why the last chair stays, and keeps the row', async () => {
    stubFetch({
      [removePath]: { status: 409, body: { message: lastChair, errors: {} } },
      [listPath]: { body: { chairs: [carla] } },
    });
    const onOwnChairRemoved = renderPanel();
    const user = userEvent.setup();
    await user.click(
      within(await chairsTable()).getByRole('button', { name: 'Remove Carla Chair as a chair' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove a chair' });
    expect(dialog).toHaveTextContent('Stop chairing this conference?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(lastChair);
    expect(within(await chairsTable()).getByText('Carla Chair')).toBeInTheDocument();
    expect(onOwnChairRemoved).not.toHaveBeenCalled();
  });

  it('tells the page when the signed-in chair removed themselves', async () => {
    stubFetch({
      [removePath]: { body: updated },
      [listPath]: { body: { chairs: [carla, cody] } },
    });
    const onOwnChairRemoved = renderPanel();
    const user = userEvent.setup();
    await user.click(
      within(await chairsTable()).getByRole('button', { name: 'Remove Carla Chair as a chair' }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You no longer chair this conference.',
    );
    expect(onOwnChairRemoved).toHaveBeenCalledOnce();
  });
});

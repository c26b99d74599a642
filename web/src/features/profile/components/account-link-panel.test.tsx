import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@recuse/common';
import {
  renderWithProviders,
  sentForm,
  stubFetch,
} from '../../../testing/render-with-providers.tsx';
import { AccountLinkPanel, linkPanelTitle, reloadDelayMs } from './account-link-panel.tsx';

const dblpUrl = 'https://dblp.org/pid/95/7448-1';

function renderPanel(onLinked = vi.fn()) {
  renderWithProviders(
    <AccountLinkPanel dblpName="Di Xu 0001" dblpUrl={dblpUrl} onLinked={onLinked} />,
  );
  return onLinked;
}

describe('AccountLinkPanel', () => {
  it('shows the DBLP name and URL and what linking does', () => {
    renderPanel();
    const panel = screen.getByRole('region', { name: linkPanelTitle });
    expect(screen.getByRole('link', { name: 'Di Xu 0001' })).toHaveAttribute('href', dblpUrl);
    expect(panel).toHaveTextContent(dblpUrl);
    expect(panel).toHaveTextContent(/copies .* publications/);
    expect(panel).toHaveTextContent(/only updates the DBLP URL/);
    expect(screen.getByRole('button', { name: 'Link account' })).toBeEnabled();
  });

  it('links, says the claim awaits confirmation, and asks for a reload 1 s later', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn(
      (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onLinked = renderPanel();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Link account' }));
    expect(await screen.findByText(messages.linkingAccount)).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/v1/web/user/linkaccount');
    expect(sentForm(fetchMock, 0)).toEqual({ DBLPUrl: dblpUrl });

    const linkedAt = Date.now();
    answer(new Response(JSON.stringify({ message: 'UPDATED' })));
    expect(
      await screen.findByText(/claim to this DBLP profile awaits confirmation/),
    ).toBeInTheDocument();
    // A link only opens a claim (docs/dblp.md, "Claims"): nothing is linked yet.
    expect(screen.queryByText('Account has been linked.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link account' })).not.toBeInTheDocument();
    expect(onLinked).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(onLinked).toHaveBeenCalledOnce(), { timeout: 3000 });
    expect(Date.now() - linkedAt).toBeGreaterThanOrEqual(reloadDelayMs - 50);
  });

  it('shows why a link was refused, in red, and lets the user try again', async () => {
    stubFetch({
      '/v1/web/user/linkaccount': {
        status: 409,
        body: { message: messages.linkError, errors: { DBLPUrl: [messages.dblpTaken] } },
      },
    });
    const onLinked = renderPanel();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Link account' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.linkError);
    expect(alert).toHaveTextContent(messages.dblpTaken);
    expect(screen.getByRole('button', { name: 'Link account' })).toBeEnabled();
    expect(onLinked).not.toHaveBeenCalled();
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dblpClaimMessages } from '@recuse/common';
import { renderWithProviders, stubFetch } from '../../../testing/render-with-providers.tsx';
import type { DblpClaim } from './dblp-claim-notice.tsx';
import { DblpClaimNotice } from './dblp-claim-notice.tsx';

const dblpUrl = 'https://dblp.org/pid/17/8399';
const startCall = '/v1/web/user/dblp-claims/orcid/start';

function renderNotice(claim: DblpClaim) {
  const goTo = vi.fn();
  renderWithProviders(<DblpClaimNotice claim={claim} goTo={goTo} />);
  return goTo;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DblpClaimNotice', () => {
  it('says a provisional claim awaits an administrator, with the claimed page as a link', () => {
    renderNotice({ state: 'provisional', dblp_url: dblpUrl, can_confirm_with_orcid: false });
    const notice = screen.getByRole('region', { name: 'DBLP claim' });
    expect(notice).toHaveTextContent(dblpClaimMessages.awaitingAdministrator(dblpUrl));
    expect(screen.getByRole('link', { name: dblpUrl })).toHaveAttribute('href', dblpUrl);
    expect(screen.queryByRole('button', { name: 'Confirm with ORCID' })).not.toBeInTheDocument();
  });

  it('sends the person to ORCID’s sign-in page when the server offers it', async () => {
    const orcidUrl = 'https://orcid.org/oauth/authorize?client_id=APP-1&state=s';
    const fetchMock = stubFetch({ [startCall]: { body: { url: orcidUrl } } });
    const goTo = renderNotice({
      state: 'provisional',
      dblp_url: dblpUrl,
      can_confirm_with_orcid: true,
    });
    expect(screen.getByText(dblpClaimMessages.orcidOffer)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm with ORCID' }));
    await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith(orcidUrl));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(startCall);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
  });

  it('shows why the sign-in could not start, and stays', async () => {
    stubFetch({
      [startCall]: { status: 409, body: { message: dblpClaimMessages.disputedNeedsAdministrator } },
    });
    const goTo = renderNotice({
      state: 'provisional',
      dblp_url: dblpUrl,
      can_confirm_with_orcid: true,
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm with ORCID' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      dblpClaimMessages.disputedNeedsAdministrator,
    );
    expect(goTo).not.toHaveBeenCalled();
  });

  it('says a disputed claim is for an administrator to decide, without the ORCID button', () => {
    renderNotice({ state: 'disputed', dblp_url: dblpUrl, can_confirm_with_orcid: false });
    expect(screen.getByRole('region', { name: 'DBLP claim' })).toHaveTextContent(
      dblpClaimMessages.disputed(dblpUrl),
    );
    expect(screen.queryByRole('button', { name: 'Confirm with ORCID' })).not.toBeInTheDocument();
  });
});

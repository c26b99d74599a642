import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dblpClaimMessages } from '@recuse/common';
import type { FakeAnswer } from '../../testing/render-with-providers.tsx';
import { renderWithProviders, sentForm, stubFetch } from '../../testing/render-with-providers.tsx';
import { DblpClaimOrcidPage } from './dblp-claim-orcid.tsx';

const finishCall = '/v1/web/user/dblp-claims/orcid/finish';
const dblpUrl = 'https://dblp.org/pid/17/8399';

/** The page as ORCID's redirect opens it, with the profile it leads back to. */
function renderReturn(query: string, answer?: FakeAnswer) {
  const fetchMock = stubFetch(answer ? { [finishCall]: answer } : {});
  renderWithProviders(
    <Routes>
      <Route path="/dblp-claim/orcid" element={<DblpClaimOrcidPage />} />
      <Route path="/user/profile" element={<p>Profile page</p>} />
    </Routes>,
    { path: `/dblp-claim/orcid${query}` },
  );
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DblpClaimOrcidPage', () => {
  it('hands ORCID’s code and state to the server once and says the claim is confirmed', async () => {
    const fetchMock = renderReturn('?code=Q70Y3A&state=the-state', {
      body: { message: 'SUCCESS', state: 'confirmed', dblpUrl },
    });
    expect(screen.getByText(dblpClaimMessages.checkingOrcid)).toBeInTheDocument();
    expect(await screen.findByText(dblpClaimMessages.orcidConfirmed(dblpUrl))).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(finishCall);
    expect(sentForm(fetchMock, 0)).toEqual({ code: 'Q70Y3A', state: 'the-state' });

    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to your profile' }));
    expect(await screen.findByText('Profile page')).toBeInTheDocument();
  });

  it('shows why the claim stays open, in red, with the way back to the profile', async () => {
    renderReturn('?code=Q70Y3A&state=the-state', {
      status: 409,
      body: { message: dblpClaimMessages.orcidNotListed },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(dblpClaimMessages.orcidNotListed);
    expect(screen.queryByText(/is confirmed/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your profile' })).toHaveAttribute(
      'href',
      '/user/profile',
    );
  });

  it('says the sign-in was cancelled when ORCID sends back an error, asking the server nothing', async () => {
    const fetchMock = renderReturn('?error=access_denied&error_description=User+denied+access');
    expect(await screen.findByRole('alert')).toHaveTextContent(dblpClaimMessages.orcidCancelled);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says nothing came back when the code or the state is missing', async () => {
    const fetchMock = renderReturn('?code=Q70Y3A');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      dblpClaimMessages.orcidReturnIncomplete,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says something went wrong when the server cannot be reached', async () => {
    renderReturn('?code=Q70Y3A&state=the-state', 'network-failure');
    expect(await screen.findByRole('alert')).toHaveTextContent(/Something went wrong/);
  });
});

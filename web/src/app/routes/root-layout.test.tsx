import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@recuse/common';
import { createQueryClient } from '../../lib/query-client.ts';
import { storeProfile, storeTokens } from '../../lib/session.ts';
import { stubFetch } from '../../testing/render-with-providers.tsx';
import { AppProvider } from '../provider.tsx';
import { routes } from '../router.tsx';

const profile = {
  FName: 'Ada',
  SName: 'Lovelace',
  Email: 'ada@example.org',
  Notifications: [],
  institutionDataAdded: false,
  ShowHelpNotification: 'N',
  PwdSet: 'Y',
};

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider queryClient={createQueryClient()} mantineEnv="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

function signInAs(storedProfile: typeof profile) {
  storeProfile(storedProfile);
  storeTokens({ access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 3600 });
}

describe('RootLayout', () => {
  it('sends a guest from a page that needs a session to sign-in', async () => {
    const router = renderApp('/relations/add');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('shows the route loader for 1 second after a route change', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const router = renderApp('/help');
      // The loader shows while the page's code loads (routes are lazy), then for 1 s.
      expect(screen.getByRole('status', { name: 'Loading page' })).toBeInTheDocument();
      await vi.waitFor(() => expect(router.state.initialized).toBe(true));
      expect(screen.getByRole('status', { name: 'Loading page' })).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.queryByRole('status', { name: 'Loading page' })).not.toBeInTheDocument();
      expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a signed-in user from sign-in to the dashboard, with the profile warning', async () => {
    signInAs(profile);
    stubFetch({ '/v1/web/user/profile': { body: profile } });
    const router = renderApp('/sign-in');
    expect(await screen.findByRole('heading', { name: 'Hello, Ada!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText(messages.completeProfile)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toBeInTheDocument();
  });

  it('sends a signed-in user on an unknown path to the dashboard', async () => {
    signInAs(profile);
    stubFetch({ '/v1/web/user/profile': { body: profile } });
    const router = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Hello, Ada!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('clears the session when the server answers 401', async () => {
    signInAs(profile);
    stubFetch({ '/v1/web/user/profile': { status: 401, body: 'Unauthorized' } });
    const router = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('logs out from the user menu', async () => {
    signInAs(profile);
    const fetchMock = stubFetch({
      '/v1/web/user/profile': { body: profile },
      '/v1/user/logout': { body: { message: 'SUCCESS' } },
    });
    const router = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'User menu for Ada Lovelace' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/v1/user/logout')).toBe(true);
  });
});

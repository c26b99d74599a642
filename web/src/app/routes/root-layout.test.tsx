import { act, render, screen, within } from '@testing-library/react';
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
  Role: 'user' as 'user' | 'admin',
  IsChair: false,
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

  it.each([
    ['answers 500', { status: 500, body: { message: messages.serverError } }],
    ['cannot be reached', 'network-failure'],
  ] as const)(
    'forgets the session and warns when the profile request %s',
    async (_case, answer) => {
      signInAs(profile);
      stubFetch({ '/v1/web/user/profile': answer });
      const router = renderApp('/');
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/sign-in');
      expect(screen.getByRole('alert')).toHaveTextContent(messages.sessionBanner);
      expect(localStorage.getItem('access_token')).toBeNull();
      expect(localStorage.getItem('refresh_token')).toBeNull();
      expect(localStorage.getItem('profile')).toBeNull();
    },
  );

  it('takes the keyboard first to "Skip to content", which moves the focus to the page', async () => {
    renderApp('/help');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
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

  it('offers Administration in the navigation to administrators only', async () => {
    const admin = { ...profile, Role: 'admin' as const };
    signInAs(admin);
    stubFetch({
      '/v1/web/user/profile': { body: admin },
      '/v1/web/admin/roles': { body: { administrators: [] } },
    });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Administration' }));
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeInTheDocument();
  });

  it('offers a chair who is not an administrator the relation decisions, and not the administration page', async () => {
    const chair = { ...profile, IsChair: true };
    signInAs(chair);
    stubFetch({
      '/v1/web/user/profile': { body: chair },
      '/v1/web/admin/relations': { body: { relations: [] } },
    });
    const router = renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Administration' })).not.toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('link', { name: 'Relation decisions' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Relation decisions' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/relations');
  });

  it('offers Workspace in the navigation to whoever chairs a conference, and it lists them', async () => {
    const chair = { ...profile, IsChair: true };
    signInAs(chair);
    stubFetch({
      '/v1/web/user/profile': { body: chair },
      '/v1/web/conference/data/list/chaired': {
        body: {
          conferences: [
            {
              confid: 7,
              name: 'DEMO-CONF-2027',
              label: 'Demo Conference 2027',
              reference_date: '2026-02-15',
              is_chair: true,
            },
          ],
        },
      },
    });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await userEvent.click(await within(nav).findByRole('link', { name: 'Workspace' }));
    expect(await screen.findByRole('link', { name: 'Demo Conference 2027' })).toHaveAttribute(
      'href',
      '/conferences/7/workspace',
    );
  });

  it('keeps a member out of the administration pages: no link, and /admin opens the dashboard', async () => {
    signInAs(profile);
    stubFetch({ '/v1/web/user/profile': { body: profile } });
    const router = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Hello, Ada!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Administration' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Workspace' })).not.toBeInTheDocument();
  });
});

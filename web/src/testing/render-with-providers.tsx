// Renders a component as the app would: Mantine, a fresh query cache and a router at the
// given path. Also helpers to answer fetch calls the way the API does.
import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { cssVariablesResolver, theme } from '../app/provider.tsx';

/** Queries are not retried unless the test passes the app's own client (lib/query-client.ts). */
export function renderWithProviders(
  ui: ReactElement,
  {
    path = '/',
    queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    }),
  }: { path?: string; queryClient?: QueryClient } = {},
) {
  return render(
    // env="test": no transitions or portals, so dropdowns open at once inside the render (Mantine's advice).
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

export type FakeAnswer = { status?: number; body: unknown } | 'network-failure';

/** Stubs fetch: each call takes the answer for its path (first match wins), else fails the test. */
export function stubFetch(answers: Record<string, FakeAnswer>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    const match = Object.entries(answers).find(([path]) => url.startsWith(path));
    if (!match) throw new Error(`Unexpected fetch to ${url}`);
    const answer = match[1];
    if (answer === 'network-failure') throw new TypeError('Failed to fetch');
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The request options of one stubbed fetch call. */
export function sentInit(fetchMock: ReturnType<typeof stubFetch>, callIndex: number): RequestInit {
  return fetchMock.mock.calls[callIndex]?.[1] ?? {};
}

/** The form fields a stubbed fetch call sent. */
export function sentForm(fetchMock: ReturnType<typeof stubFetch>, callIndex: number) {
  return Object.fromEntries(new URLSearchParams(String(sentInit(fetchMock, callIndex).body ?? '')));
}

/** Matches a field's label exactly, with or without Mantine's required asterisk. */
export function labelled(name: string): RegExp {
  return new RegExp(`^${name}\\s*\\*?$`);
}

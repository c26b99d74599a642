// Everything the pages share: Mantine's theme and the query cache. When the session ends,
// cached data of the old session is dropped so the next user never sees it.
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { MantineProvider, createTheme } from '@mantine/core';
import type { CSSVariablesResolver } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { queryClient as appQueryClient } from '../lib/query-client.ts';
import { isSignedIn, subscribeToSession } from '../lib/session.ts';

// Required fields carry the `required` attribute; their asterisk is drawn by
// required-fields.css, not by Mantine, so every label's name stays exactly the field's name
// (docs/decisions/web.md, "Required fields").
// (Plain objects keyed by component name, not `Modal.extend(…)`: importing the components here
// would put their code on every page, the sign-in page's too.)
const withoutAsterisk = { defaultProps: { withAsterisk: false } };

export const theme = createTheme({
  components: {
    TextInput: withoutAsterisk,
    PasswordInput: withoutAsterisk,
    Textarea: withoutAsterisk,
    // A modal's header is not the page's banner landmark, and its close button needs a name.
    ModalHeader: { defaultProps: { role: 'none' } },
    ModalCloseButton: { defaultProps: { 'aria-label': 'Close dialog' } },
  },
  primaryColor: 'blue',
  // Shade 8 keeps links, buttons and light alerts above WCAG AA contrast on white.
  primaryShade: 8,
  defaultRadius: 'md',
  // Someone whose system asks for reduced motion gets modals and menus without transitions.
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});

// Mantine's dimmed gray (descriptions, hints), its placeholder gray (the date pickers' 'MM/YYYY'
// is text, which axe measures) and its error red (field errors, invalid inputs) are below AA
// contrast on white; use darker ones.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

type AppProviderProps = {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns off Mantine's transitions and portals, so menus open at once in jsdom. */
  mantineEnv?: 'default' | 'test';
};

export function AppProvider({
  children,
  queryClient = appQueryClient,
  mantineEnv = 'default',
}: AppProviderProps) {
  useEffect(
    () =>
      subscribeToSession(() => {
        if (!isSignedIn()) queryClient.clear();
      }),
    [queryClient],
  );
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={mantineEnv}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

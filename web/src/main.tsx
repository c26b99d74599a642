// The web app's entry: styles, providers, router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/styles.ts';
import { AppProvider } from './app/provider.tsx';
import { AppRouterProvider, createAppRouter } from './app/router.tsx';
import { loadSignedInPart } from './app/signed-in-part.ts';
import { isSignedIn } from './lib/session.ts';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const router = createAppRouter();
// With a session already, the signed-in root's code is fetched beside the first page's.
if (isSignedIn()) loadSignedInPart().catch(() => undefined); // the root layout tries again

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);

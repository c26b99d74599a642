// The web app's entry: styles, providers, router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/styles.ts';
import { AppProvider } from './app/provider.tsx';
import { AppRouterProvider, createAppRouter } from './app/router.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);

// On every route change the page scrolls to the top and a loader shows for 1 s (docs/product.md,
// "Screens and routes").
import { useEffect, useState } from 'react';
import { Loader, Overlay } from '@mantine/core';
import { useLocation } from 'react-router';

export const routeLoaderMs = 1000;

export function RouteChangeLoader() {
  const { pathname } = useLocation();
  const [settledPathname, setSettledPathname] = useState<string | undefined>(undefined);

  useEffect(() => {
    window.scrollTo(0, 0);
    const timer = setTimeout(() => setSettledPathname(pathname), routeLoaderMs);
    return () => clearTimeout(timer);
  }, [pathname]);

  if (settledPathname === pathname) return null;
  return <PageLoadingOverlay />;
}

/** The loader itself; also shown while the first page's code loads (web/src/app/router.tsx). */
export function PageLoadingOverlay() {
  return (
    <Overlay fixed backgroundOpacity={0.6} color="#fff" zIndex={1000} center>
      <Loader role="status" aria-label="Loading page" />
    </Overlay>
  );
}

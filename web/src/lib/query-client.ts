// One QueryClient for the app. A data fetch that failed because the session ended is not
// retried; other failures are retried once before the page shows the error.
import { QueryClient } from '@tanstack/react-query';
import { CouldNotFetchError } from './api-client.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof CouldNotFetchError && error.status === 401),
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

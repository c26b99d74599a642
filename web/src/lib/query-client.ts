// One QueryClient for the app. A data fetch the server refused (any 4xx: not found, not
// allowed, a malformed id, the session ended) is not retried, since asking again gets the same
// answer; a server error, an unreadable answer or no answer is retried once before the page
// shows the error.
import { QueryClient } from '@tanstack/react-query';
import { CouldNotFetchError } from './api-client.ts';

/** Whether the server refused the request itself (4xx), so that asking again cannot help. */
export function isRefusal(error: unknown): boolean {
  return (
    error instanceof CouldNotFetchError &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500
  );
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 1 && !isRefusal(error),
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

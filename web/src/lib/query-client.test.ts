import { describe, expect, it } from 'vitest';
import { CouldNotFetchError } from './api-client.ts';
import { createQueryClient } from './query-client.ts';

/** How many times a query whose every attempt fails with `error` is asked. */
async function attemptsUntilError(error: Error): Promise<number> {
  const client = createQueryClient();
  let attempts = 0;
  await client
    .fetchQuery({
      queryKey: ['failing'],
      queryFn: () => {
        attempts += 1;
        return Promise.reject(error);
      },
      retry: client.getDefaultOptions().queries?.retry,
      retryDelay: 0,
    })
    .catch(() => undefined);
  return attempts;
}

describe('the query client', () => {
  it.each([400, 401, 403, 404, 409, 422, 429])('never asks again after a %i', async (status) => {
    expect(await attemptsUntilError(new CouldNotFetchError(status))).toBe(1);
  });

  it.each([
    ['a 500', new CouldNotFetchError(500)],
    ['a 503', new CouldNotFetchError(503)],
    ['no answer', new CouldNotFetchError()],
    ['an answer of another shape', new CouldNotFetchError(200)],
  ])('asks once more after %s', async (_case, error) => {
    expect(await attemptsUntilError(error)).toBe(2);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { messages } from '@recuse/common';
import { sentInit, stubFetch } from '../testing/render-with-providers.tsx';
import { callApi, fetchData, fetchFile, readFailure, saveForm } from './api-client.ts';
import { isSignedIn, setSignedOutHandler, storeTokens } from './session.ts';

function startSession() {
  storeTokens({ access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 3600 });
}

const profileShape = z.object({ FName: z.string() });
const successShape = z.object({ message: z.literal('SUCCESS') });

describe('fetchData', () => {
  it('sends the bearer token and returns the answer', async () => {
    startSession();
    const fetchMock = stubFetch({ '/v1/web/user/profile': { body: { FName: 'Ada' } } });
    await expect(fetchData('/v1/web/user/profile', profileShape)).resolves.toEqual({
      FName: 'Ada',
    });
    const init = sentInit(fetchMock, 0);
    expect(init.headers).toMatchObject({ Authorization: 'Bearer access-1' });
  });

  it('ends the session and goes home on 401', async () => {
    startSession();
    const goHome = vi.fn();
    setSignedOutHandler(goHome);
    stubFetch({ '/v1/web/user/profile': { status: 401, body: 'Unauthorized' } });
    await expect(fetchData('/v1/web/user/profile', profileShape)).rejects.toThrow(
      messages.couldNotFetch,
    );
    expect(isSignedIn()).toBe(false);
    expect(goHome).toHaveBeenCalledOnce();
    setSignedOutHandler(() => {});
  });

  it.each([
    [500, { message: 'boom' }],
    [404, { message: 'Not found' }],
  ])('says the data could not be fetched on %i and keeps the session', async (status, body) => {
    startSession();
    stubFetch({ '/v1/web/thing': { status, body } });
    await expect(fetchData('/v1/web/thing', profileShape)).rejects.toThrow(messages.couldNotFetch);
    expect(isSignedIn()).toBe(true);
  });

  it("parses the answer with the call's schema: undeclared fields go, another shape fails", async () => {
    startSession();
    stubFetch({ '/v1/web/user/profile': { body: { FName: 'Ada', secret: 'x' } } });
    await expect(fetchData('/v1/web/user/profile', profileShape)).resolves.toEqual({
      FName: 'Ada',
    });
    stubFetch({ '/v1/web/user/profile': { body: { FName: 7 } } });
    await expect(fetchData('/v1/web/user/profile', profileShape)).rejects.toThrow(
      messages.couldNotFetch,
    );
    expect(isSignedIn()).toBe(true);
  });
});

describe('saveForm', () => {
  it('sends the fields form-urlencoded', async () => {
    const fetchMock = stubFetch({ '/v1/web/contactus': { body: { message: 'SUCCESS' } } });
    await saveForm('/v1/web/contactus', { Subject: 'Hi & bye', Message: 'x=y' }, successShape);
    const init = sentInit(fetchMock, 0);
    expect(init.method).toBe('POST');
    expect(String(init.body)).toBe('Subject=Hi+%26+bye&Message=x%3Dy');
  });

  it('hands back the message and field errors of a refused save, with the body as answered', async () => {
    const body = {
      message: 'Invalid data',
      errors: { Email: ['Please enter valid email address'] },
    };
    stubFetch({ '/v1/web/user-registration/save': { status: 422, body } });
    await expect(saveForm('/v1/web/user-registration/save', {}, successShape)).resolves.toEqual({
      ok: false,
      status: 422,
      message: 'Invalid data',
      errors: { Email: ['Please enter valid email address'] },
      body,
    });
  });
});

describe('callApi', () => {
  it("hands back the answer parsed with the call's schema", async () => {
    stubFetch({ '/v1/web/contactus': { body: { message: 'SUCCESS', extra: 1 } } });
    await expect(
      saveForm('/v1/web/contactus', { Subject: 'a', Message: 'b' }, successShape),
    ).resolves.toEqual({ ok: true, data: { message: 'SUCCESS' } });
  });

  it('reads a success of another shape as a failure without a message, for the caller to word', async () => {
    stubFetch({ '/v1/web/contactus': { body: { message: 'UPDATED' } } });
    await expect(
      saveForm('/v1/web/contactus', { Subject: 'a', Message: 'b' }, successShape),
    ).resolves.toEqual({ ok: false, status: 200, message: '', errors: {} });
  });

  it('ends the session on a 401 of a token call only', async () => {
    startSession();
    const goHome = vi.fn();
    setSignedOutHandler(goHome);
    stubFetch({ '/v1/user/logout': { status: 401, body: 'Unauthorized' } });
    await callApi('/v1/user/logout', successShape, { accessToken: 'access-1' });
    expect(isSignedIn()).toBe(true);
    await callApi('/v1/user/logout', successShape, { isTokenCall: true });
    expect(isSignedIn()).toBe(false);
    expect(goHome).toHaveBeenCalledOnce();
    setSignedOutHandler(() => {});
  });
});

describe('readFailure', () => {
  it.each([
    [{ ERROR: 'LOGIN_FAILED', MSG: 'Wrong password.' }, 'Wrong password.', {}],
    [{ error: 'invalid_request' }, 'invalid_request', {}],
    [{ message: 'Bad', errors: { a: 'one', b: ['two', 3] } }, 'Bad', { a: ['one'], b: ['two'] }],
    ['Unauthorized', 'Unauthorized', {}],
    [null, '', {}],
  ])('reads %j', (body, message, errors) => {
    expect(readFailure(body)).toEqual({ message, errors });
  });
});

describe('fetchFile', () => {
  const fallback = { fileName: 'conflicts-DEFAULT.txt', contentType: 'text/plain' };

  it('hands back the file as written, under the name the server gave it', async () => {
    startSession();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('a,b\n1,2\n', {
            headers: {
              'Content-Type': 'text/csv',
              'Content-Disposition': 'attachment; filename="matrix-7.csv"',
            },
          }),
      ),
    );
    await expect(fetchFile('/v1/web/export', {}, fallback)).resolves.toEqual({
      ok: true,
      data: { fileName: 'matrix-7.csv', contentType: 'text/csv', text: 'a,b\n1,2\n' },
    });
  });

  it('names the file itself when the server does not', async () => {
    startSession();
    stubFetch({ '/v1/web/export': { body: 'Ada Lovelace (ETH Zurich)' } });
    const answer = await fetchFile('/v1/web/export', {}, fallback);
    expect(answer.ok && answer.data.fileName).toBe('conflicts-DEFAULT.txt');
  });

  it('says a refusal in the server’s words, and no answer as Could not fetch', async () => {
    startSession();
    stubFetch({ '/v1/web/export': { status: 403, body: { message: 'Only chairs.' } } });
    await expect(fetchFile('/v1/web/export', {}, fallback)).resolves.toMatchObject({
      ok: false,
      status: 403,
      message: 'Only chairs.',
    });
    stubFetch({ '/v1/web/export': 'network-failure' });
    await expect(fetchFile('/v1/web/export', {}, fallback)).resolves.toMatchObject({
      ok: false,
      message: messages.couldNotFetch,
    });
  });
});

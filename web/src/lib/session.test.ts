import { describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  endSessionAndGoHome,
  findTokens,
  isSignedIn,
  refreshAfterSeconds,
  setSignedOutHandler,
  shouldRefreshTokens,
  storeProfile,
  storeTokens,
  subscribeToSession,
} from './session.ts';
import type { StoredTokens } from './session.ts';

const storedAt = Date.UTC(2026, 0, 1, 12, 0, 0);
const tokens = (expiresInSeconds: number): StoredTokens => ({
  accessToken: 'access',
  refreshToken: 'refresh',
  expiresInSeconds,
  storedAt,
});

describe('shouldRefreshTokens', () => {
  it.each([
    // expires_in, seconds since storing, refresh?
    [3600, 0, false],
    [3600, 599, false],
    [3600, 600, false],
    [3600, 601, true],
    [7200, 4199, false],
    [7200, 4201, true],
    [86_400, 83_399, false],
    [86_400, 83_401, true],
    // Tokens shorter than the 50-minute margin refresh at half-life rather than every tick.
    [1800, 899, false],
    [1800, 901, true],
  ])('with expires_in %i s and %i s elapsed gives %s', (expiresIn, elapsed, expected) => {
    expect(shouldRefreshTokens(tokens(expiresIn), storedAt + elapsed * 1000)).toBe(expected);
  });

  it('refreshes 50 minutes before expiry', () => {
    expect(refreshAfterSeconds(3600)).toBe(600);
    expect(refreshAfterSeconds(3000 + 1)).toBe(1);
  });
});

describe('session storage', () => {
  it('keeps the tokens, their lifetime and the time they were stored', () => {
    storeTokens({ access_token: 'a1', refresh_token: 'r1', expires_in: 3600 }, storedAt);
    expect(findTokens()).toEqual({
      accessToken: 'a1',
      refreshToken: 'r1',
      expiresInSeconds: 3600,
      storedAt,
    });
    expect(isSignedIn()).toBe(true);
  });

  it('forgets tokens and profile on clear but leaves unrelated keys alone', () => {
    storeTokens({ access_token: 'a1', refresh_token: 'r1', expires_in: 3600 }, storedAt);
    storeProfile({ FName: 'Ada' });
    localStorage.setItem('color-scheme', 'dark');
    clearSession();
    expect(findTokens()).toBeUndefined();
    expect(isSignedIn()).toBe(false);
    expect(localStorage.getItem('profile')).toBeNull();
    expect(localStorage.getItem('color-scheme')).toBe('dark');
  });

  it('tells subscribers when the session starts and ends', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    storeTokens({ access_token: 'a1', refresh_token: 'r1', expires_in: 3600 });
    clearSession();
    unsubscribe();
    storeTokens({ access_token: 'a2', refresh_token: 'r2', expires_in: 3600 });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('clears storage and goes home when the server ends the session', () => {
    const goHome = vi.fn();
    setSignedOutHandler(goHome);
    storeTokens({ access_token: 'a1', refresh_token: 'r1', expires_in: 3600 });
    endSessionAndGoHome();
    expect(isSignedIn()).toBe(false);
    expect(goHome).toHaveBeenCalledOnce();
    setSignedOutHandler(() => {});
  });
});

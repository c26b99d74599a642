// The signed-in session as the browser keeps it (docs/product.md, "Authentication and sessions"):
// the tokens, when they were stored, and the profile, all in localStorage so a reload keeps the
// user signed in. Components follow it through subscribeToSession, so signing in or out re-renders
// the guard.
import type { TokenReply } from '@recuse/common';

export const sessionKeys = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  expiresIn: 'expires_in',
  storedAt: 'session_stored_at',
  profile: 'profile',
} as const;

/**
 * Tokens are refreshed 50 minutes before they expire, checked every 999 ms (docs/product.md,
 * "Timings").
 */
export const refreshMarginSeconds = 50 * 60;
export const refreshCheckIntervalMs = 999;

export type StoredTokens = {
  accessToken: string;
  refreshToken: string;
  /** Lifetime of the access token in seconds, as the server gave it. */
  expiresInSeconds: number;
  /** When the tokens were stored, in milliseconds since the epoch. */
  storedAt: number;
};

const listeners = new Set<() => void>();

function notifySessionChanged() {
  for (const listener of listeners) listener();
}

/** Calls listener whenever the session changes, in this tab or another one. */
export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === sessionKeys.accessToken) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function storeTokens(tokens: TokenReply, now = Date.now()): void {
  sessionWarning = false;
  localStorage.setItem(sessionKeys.accessToken, tokens.access_token);
  localStorage.setItem(sessionKeys.refreshToken, tokens.refresh_token);
  localStorage.setItem(sessionKeys.expiresIn, String(tokens.expires_in));
  localStorage.setItem(sessionKeys.storedAt, String(now));
  notifySessionChanged();
}

export function findTokens(): StoredTokens | undefined {
  const accessToken = localStorage.getItem(sessionKeys.accessToken);
  const refreshToken = localStorage.getItem(sessionKeys.refreshToken);
  const expiresInSeconds = Number(localStorage.getItem(sessionKeys.expiresIn));
  const storedAt = Number(localStorage.getItem(sessionKeys.storedAt));
  if (!accessToken || !refreshToken) return undefined;
  if (!Number.isFinite(expiresInSeconds) || !Number.isFinite(storedAt)) return undefined;
  return { accessToken, refreshToken, expiresInSeconds, storedAt };
}

export function findAccessToken(): string | undefined {
  return localStorage.getItem(sessionKeys.accessToken) ?? undefined;
}

export function isSignedIn(): boolean {
  return findAccessToken() !== undefined;
}

export function storeProfile(profile: unknown): void {
  localStorage.setItem(sessionKeys.profile, JSON.stringify(profile));
}

export function findStoredProfile(): unknown {
  const text = localStorage.getItem(sessionKeys.profile);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Forgets the session: tokens, expiry and profile. Other keys in localStorage stay. */
export function clearSession(): void {
  for (const key of Object.values(sessionKeys)) localStorage.removeItem(key);
  notifySessionChanged();
}

let sessionWarning = false;

/**
 * The profile could not be read with the stored tokens (a server error or no answer, not a
 * 401): the session is unusable, so it is forgotten, and the pages say so
 * (`messages.sessionBanner`) until the next sign-in or a reload of the page.
 */
export function endSessionWithWarning(): void {
  sessionWarning = true;
  clearSession();
}

/** Whether the last session ended because its profile could not be read. */
export function hasSessionWarning(): boolean {
  return sessionWarning;
}

/**
 * Seconds after storing at which the tokens are refreshed: the expiry minus 50 minutes
 * (docs/product.md, "Authentication and sessions"). A server that hands out tokens shorter than 50
 * minutes would make that zero or negative and the timer would refresh every second, so those
 * refresh at half-life.
 */
export function refreshAfterSeconds(expiresInSeconds: number): number {
  const threshold = expiresInSeconds - refreshMarginSeconds;
  return threshold > 0 ? threshold : expiresInSeconds / 2;
}

export function shouldRefreshTokens(tokens: StoredTokens, now = Date.now()): boolean {
  const elapsedSeconds = (now - tokens.storedAt) / 1000;
  return elapsedSeconds > refreshAfterSeconds(tokens.expiresInSeconds);
}

type SignedOutHandler = () => void;
let signedOutHandler: SignedOutHandler = () => {};

/** The router registers how to go to '/' once the server has said the session is over. */
export function setSignedOutHandler(handler: SignedOutHandler): void {
  signedOutHandler = handler;
}

/**
 * A 401 from a token call: clear storage and go to '/' (docs/product.md, "Authentication and
 * sessions").
 */
export function endSessionAndGoHome(): void {
  clearSession();
  signedOutHandler();
}

// Sign-in as SPEC section 4 describes it: POST /v1/user/login, fetch the profile with the
// new token, then store tokens, time and profile together. The session is only kept when the
// profile is usable, so the guard never sees half a session. Every failure ends in one message.
import { messages } from '@recuse/common';
import type { FieldErrors } from '@recuse/common';
import { apiKey, readFailure, request } from '../../../lib/api-client.ts';
import type { ApiAnswer } from '../../../lib/api-client.ts';
import { clearSession, isTokenReply, storeProfile, storeTokens } from '../../../lib/session.ts';
import type { TokenReply } from '../../../lib/session.ts';
import { profilePath, readProfile } from './get-profile.ts';
import type { SessionProfile } from './get-profile.ts';

/** SPEC section 9: the sign-in failure message is delayed 2 s. */
export const signInFailureDelayMs = 2000;

export type SignInOutcome =
  { ok: true; profile: SessionProfile } | { ok: false; message: string; errors: FieldErrors };

const wait = (milliseconds: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

const failure = (message: string, errors: FieldErrors = {}): SignInOutcome => ({
  ok: false,
  message,
  errors,
});

export async function signIn(credentials: {
  username: string;
  password: string;
}): Promise<SignInOutcome> {
  let login: ApiAnswer;
  try {
    login = await request('/v1/user/login', {
      form: { action: 'login', api_key: apiKey, ...credentials },
    });
  } catch {
    await wait(signInFailureDelayMs);
    return failure(messages.signInFailed);
  }
  if (!login.ok || !isTokenReply(login.body)) {
    const { message, errors } = readFailure(login.body);
    return failure(message || messages.signInFailed, errors);
  }
  return loadProfileAfterSignIn(login.body);
}

/** The profile decides whether the new session is usable; if not, it is forgotten at once. */
async function loadProfileAfterSignIn(tokens: TokenReply): Promise<SignInOutcome> {
  let answer: ApiAnswer;
  try {
    answer = await request(profilePath, { accessToken: tokens.access_token });
  } catch {
    clearSession();
    return failure(messages.sessionBanner);
  }
  if (answer.status === 401) {
    clearSession();
    return failure(messages.signInFailed);
  }
  const profile = answer.ok ? readProfile(answer.body) : undefined;
  if (!profile || !profile.FName) {
    clearSession();
    return failure(messages.sessionBanner);
  }
  storeProfile(profile);
  storeTokens(tokens);
  return { ok: true, profile };
}

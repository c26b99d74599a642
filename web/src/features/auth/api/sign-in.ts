// Sign-in as docs/product.md, "Authentication and sessions", describes it: POST /v1/user/login,
// fetch the profile with the new token, then store tokens, time and profile together. The session
// is only kept when the profile is usable, so the guard never sees half a session. Every failure
// ends in one message.
import { messages, profileSchema, tokenReplySchema } from '@recuse/common';
import type { FieldErrors, Profile, TokenReply } from '@recuse/common';
import { apiKey, callApi } from '../../../lib/api-client.ts';
import type { SaveResult } from '../../../lib/api-client.ts';
import { clearSession, storeProfile, storeTokens } from '../../../lib/session.ts';
import { profilePath } from './keys.ts';
import type { SessionProfile } from './get-profile.ts';

/** The form's schema, fetched with the call (features/auth/components/sign-in-form.tsx). */
export { loginSchema } from '@recuse/common';

/** The sign-in failure message is delayed 2 s (docs/product.md, "Timings"). */
export const signInFailureDelayMs = 2000;

/** The signed-in profile, or why there is none (status 0: no answer to read). */
export type SignInOutcome = SaveResult<SessionProfile>;

const wait = (milliseconds: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

const failure = (message: string, errors: FieldErrors = {}, status = 0): SignInOutcome => ({
  ok: false,
  status,
  message,
  errors,
});

export async function signIn(credentials: {
  username: string;
  password: string;
}): Promise<SignInOutcome> {
  let login: SaveResult<TokenReply>;
  try {
    login = await callApi('/v1/user/login', tokenReplySchema, {
      form: { action: 'login', api_key: apiKey, ...credentials },
    });
  } catch {
    await wait(signInFailureDelayMs);
    return failure(messages.signInFailed);
  }
  if (!login.ok) return failure(login.message || messages.signInFailed, login.errors, login.status);
  return loadProfileAfterSignIn(login.data);
}

/** The profile decides whether the new session is usable; if not, it is forgotten at once. */
async function loadProfileAfterSignIn(tokens: TokenReply): Promise<SignInOutcome> {
  let answer: SaveResult<Profile>;
  try {
    answer = await callApi(profilePath, profileSchema, { accessToken: tokens.access_token });
  } catch {
    clearSession();
    return failure(messages.sessionBanner);
  }
  if (!answer.ok && answer.status === 401) {
    clearSession();
    return failure(messages.signInFailed);
  }
  const profile = answer.ok ? answer.data : undefined;
  if (!profile || !profile.FName) {
    clearSession();
    return failure(messages.sessionBanner);
  }
  storeProfile(profile);
  storeTokens(tokens);
  return { ok: true, data: profile };
}

// GET /v1/user/logout, then forget the session whatever the server answered (docs/product.md,
// "Authentication and sessions").
import { logoutReplySchema } from '@recuse/common';
import { callApi } from '../../../lib/api-client.ts';
import { clearSession, findAccessToken } from '../../../lib/session.ts';

export async function signOut(): Promise<void> {
  try {
    // The token is passed as it is, not as a token call: a 401 here needs no sign-out of its own.
    await callApi('/v1/user/logout', logoutReplySchema, { accessToken: findAccessToken() });
  } catch {
    // The session ends in this browser even when the server cannot be reached.
  } finally {
    clearSession();
  }
}

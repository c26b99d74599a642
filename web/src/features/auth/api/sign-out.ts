// GET /v1/user/logout, then forget the session whatever the server answered (SPEC section 4).
import { request } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/session.ts';

export async function signOut(): Promise<void> {
  try {
    await request('/v1/user/logout', { isTokenCall: true });
  } catch {
    // The session ends in this browser even when the server cannot be reached.
  } finally {
    clearSession();
  }
}

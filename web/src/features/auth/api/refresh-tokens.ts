// POST /v1/user/refresh: trade the refresh token for new tokens before the access token expires.
import { tokenReplySchema } from '@recuse/common';
import { apiKey, callApi } from '../../../lib/api-client.ts';
import { storeTokens } from '../../../lib/session.ts';

export type RefreshOutcome = 'refreshed' | 'rejected' | 'unreachable';

export async function refreshTokens(refreshToken: string): Promise<RefreshOutcome> {
  try {
    const answer = await callApi('/v1/user/refresh', tokenReplySchema, {
      form: { action: 'refresh', api_key: apiKey, refresh_token: refreshToken },
    });
    if (answer.ok) {
      storeTokens(answer.data);
      return 'refreshed';
    }
    // 400 invalid_request (or 401): the refresh token is no longer valid. Anything else may pass.
    return answer.status === 400 || answer.status === 401 ? 'rejected' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}

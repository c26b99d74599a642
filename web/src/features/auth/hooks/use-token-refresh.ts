// Every 999 ms, refresh the tokens once the time since storing them has passed the expiry minus 50
// minutes (docs/product.md, "Authentication and sessions"). A refused refresh ends the session.
import { useEffect } from 'react';
import {
  endSessionAndGoHome,
  findTokens,
  refreshCheckIntervalMs,
  shouldRefreshTokens,
} from '../../../lib/session.ts';
import { refreshTokens } from '../api/refresh-tokens.ts';

/** After an unreachable server, wait this long before trying again rather than every tick. */
const retryAfterUnreachableMs = 30_000;

export function useTokenRefresh(): void {
  useEffect(() => {
    let isRefreshing = false;
    let nextAttemptAt = 0;
    const timer = setInterval(async () => {
      const tokens = findTokens();
      const now = Date.now();
      if (!tokens || isRefreshing || now < nextAttemptAt) return;
      if (!shouldRefreshTokens(tokens, now)) return;
      isRefreshing = true;
      const outcome = await refreshTokens(tokens.refreshToken);
      isRefreshing = false;
      // Another tab may have used the same refresh token first; its new tokens are fine.
      const wasReplaced = findTokens()?.refreshToken !== tokens.refreshToken;
      if (outcome === 'rejected' && !wasReplaced) endSessionAndGoHome();
      if (outcome === 'unreachable') nextAttemptAt = Date.now() + retryAfterUnreachableMs;
    }, refreshCheckIntervalMs);
    return () => clearInterval(timer);
  }, []);
}

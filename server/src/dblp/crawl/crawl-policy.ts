// How long the crawler leaves a DBLP host alone, as plain rules (DBLP's FAQ asks for one or two
// seconds between requests and answers 429 with Retry-After when a client asks too much):
// - after an answer: the configured delay, plus up to 20 % jitter so workers do not march in step;
// - after a 429: the Retry-After it names (seconds or an HTTP date), else the fallback, and at
//   least the backoff below;
// - after a 5xx, a timeout, a lost connection or an answer that is not a person XML: the delay
//   doubled for each failure in a row (jittered, at most an hour).

const jitterShare = 0.2;
const maxBackoffMs = 3_600_000;
/** A Retry-After further out than a day is read as a day: a typo must not stop the crawler for good. */
const maxRetryAfterMs = 86_400_000;

/** Retry-After in milliseconds from `now`, or undefined when absent or unreadable. */
export function parseRetryAfter(
  header: string | null | undefined,
  now: number,
): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Math.min(Number(value) * 1000, maxRetryAfterMs);
  // An HTTP date names its weekday and month ('Sat, 21 Nov 2026 12:01:30 GMT'); Date.parse
  // would also read '-5' as a year.
  if (!/[a-z]/i.test(value)) return undefined;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.min(Math.max(0, date - now), maxRetryAfterMs);
}

/** The pause after a good answer: never shorter than the delay. */
export function spacingMs(delayMs: number, random: number): number {
  return Math.round(delayMs * (1 + jitterShare * random));
}

/** The pause after the `failureCount`-th failure in a row (1 for the first). */
export function backoffMs(delayMs: number, failureCount: number, random: number): number {
  const exponential = Math.min(delayMs * 2 ** Math.min(failureCount, 30), maxBackoffMs);
  return Math.round(exponential * (1 + jitterShare * random));
}

/** The pause after a 429. */
export function rateLimitedMs(
  retryAfterMs: number | undefined,
  fallbackMs: number,
  backoff: number,
): number {
  return Math.max(retryAfterMs ?? fallbackMs, backoff);
}

// ORCID's three-legged OAuth with the `/authenticate` scope, which answers only "who is
// this": the person is sent to ORCID's authorize page with our client id, signs in there, and
// comes back to our redirect URI with a one-time `code` and our `state`; we exchange the code
// (with the client secret) at ORCID's token endpoint for their ORCID iD. We keep nothing of
// ORCID's answer but the iD: the access token it also holds is never stored or logged
// (docs/security.md, section 4).
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { readOrcidId } from '../../dblp/dblp-people.ts';

/** The web app's page ORCID sends the person back to (web/src/app/routes/dblp-claim-orcid.tsx). */
export const orcidReturnPath = '/dblp-claim/orcid';

/** One exchange at ORCID, answer included, is abandoned after this long. */
const exchangeTimeoutMs = 15_000;

export type OrcidConfig = Pick<
  Config,
  'ORCID_CLIENT_ID' | 'ORCID_CLIENT_SECRET' | 'ORCID_BASE_URL' | 'PUBLIC_URL'
>;

const redirectUri = (config: OrcidConfig) => `${config.PUBLIC_URL}${orcidReturnPath}`;

/** ORCID's authorize page for this sign-in, carrying our single-use `state`. */
export function orcidAuthorizeUrl(config: OrcidConfig, state: string): string {
  const query = new URLSearchParams({
    client_id: config.ORCID_CLIENT_ID ?? '',
    response_type: 'code',
    scope: '/authenticate',
    redirect_uri: redirectUri(config),
    state,
  });
  return `${config.ORCID_BASE_URL}/oauth/authorize?${query.toString()}`;
}

/** What we read of the token endpoint's answer; the rest (tokens, name, scope) is left unread. */
const tokenAnswerSchema = z.object({ orcid: z.string() });

export type OrcidSignIn =
  | { status: 'signed-in'; orcidId: string }
  /** ORCID refused the code (used, expired, or not issued to us): a 4xx answer. */
  | { status: 'refused'; detail: string }
  /** No usable answer: a network failure, a timeout, a 5xx, or an answer we cannot read. */
  | { status: 'unreachable'; detail: string };

/**
 * Exchanges the code ORCID sent back for the ORCID iD of the person who signed in. `detail`
 * says what went wrong without the code, our secret or anything of ORCID's answer that could
 * hold them (an `error_description` quotes the code).
 */
export async function exchangeOrcidCode(config: OrcidConfig, code: string): Promise<OrcidSignIn> {
  const url = `${config.ORCID_BASE_URL}/oauth/token`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: new URLSearchParams({
        client_id: config.ORCID_CLIENT_ID ?? '',
        client_secret: config.ORCID_CLIENT_SECRET ?? '',
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri(config),
      }),
      redirect: 'error',
      signal: AbortSignal.timeout(exchangeTimeoutMs),
    });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'failed';
    return { status: 'unreachable', detail: `the request to ${url} ${reason}` };
  }
  const body = await readJson(response);
  if (response.status >= 400 && response.status < 500) {
    const error = typeof body?.error === 'string' ? body.error.slice(0, 50) : 'no error named';
    return { status: 'refused', detail: `ORCID answered HTTP ${response.status} (${error})` };
  }
  const answer = response.ok ? tokenAnswerSchema.safeParse(body) : undefined;
  const orcidId = answer?.success ? readOrcidId(answer.data.orcid) : undefined;
  if (!orcidId) {
    const what = response.ok ? 'an answer without an ORCID iD' : `HTTP ${response.status}`;
    return { status: 'unreachable', detail: `ORCID answered ${what}` };
  }
  return { status: 'signed-in', orcidId };
}

async function readJson(response: Response): Promise<Record<string, unknown> | undefined> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null
      ? (body as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

// A local stand-in for orcid.org in tests (tests never touch the network): its token endpoint,
// POST /oauth/token, exchanges the codes a test issued for the ORCID iD it issued them for,
// once each, answering as ORCID documents it ({access_token, token_type, refresh_token,
// expires_in, scope, name, orcid}); an unknown or used code gets ORCID's 400 invalid_grant,
// whose description quotes the code. Every request is recorded with its form fields.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OrcidTokenRequest {
  path: string;
  fields: Record<string, string>;
}

export interface OrcidFixtureServer {
  baseUrl: string;
  requests: OrcidTokenRequest[];
  /** Every access and refresh token handed out, so a test can look for them where they must not be. */
  tokensHandedOut: string[];
  /** A new code, as ORCID would send back after `orcidId` signed in. */
  issueCode(orcidId: string, name?: string): string;
  /** The next token requests are answered with these statuses instead (a failing ORCID). */
  failNext(...statuses: number[]): void;
  close(): Promise<void>;
}

export async function startOrcidFixtureServer(): Promise<OrcidFixtureServer> {
  const requests: OrcidTokenRequest[] = [];
  const tokensHandedOut: string[] = [];
  const codes = new Map<string, { orcidId: string; name: string }>();
  const failures: number[] = [];

  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const fields = Object.fromEntries(new URLSearchParams(body));
      requests.push({ path: request.url ?? '/', fields });
      const send = (status: number, answer: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
        response.end(JSON.stringify(answer));
      };
      const failure = failures.shift();
      if (failure) return send(failure, { error: 'server_error' });
      if (request.method !== 'POST' || request.url !== '/oauth/token') {
        return send(404, { error: 'not_found' });
      }
      const signedIn = codes.get(fields.code ?? '');
      if (!signedIn || fields.grant_type !== 'authorization_code') {
        return send(400, {
          error: 'invalid_grant',
          error_description: `Invalid authorization code: ${fields.code ?? ''}`,
        });
      }
      codes.delete(fields.code!);
      const accessToken = randomBytes(16).toString('hex');
      const refreshToken = randomBytes(16).toString('hex');
      tokensHandedOut.push(accessToken, refreshToken);
      send(200, {
        access_token: accessToken,
        token_type: 'bearer',
        refresh_token: refreshToken,
        expires_in: 631_138_518,
        scope: '/authenticate',
        name: signedIn.name,
        orcid: signedIn.orcidId,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    tokensHandedOut,
    issueCode(orcidId, name = 'Someone') {
      const code = randomBytes(9).toString('base64url');
      codes.set(code, { orcidId, name });
      return code;
    },
    failNext: (...statuses) => void failures.push(...statuses),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

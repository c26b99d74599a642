// A local stand-in for dblp.org in tests (tests never touch the network): serves the
// per-person XML of fixtures/dblp/person/, records when each request arrived and with which
// User-Agent, and plays scripted faults — any status with any headers and body, or a hung
// connection that never answers.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export const diXuPid = '95/7448-1';
/** https://dblp.org/pid/95/7448-1.xml as DBLP serves it: Di Xu 0001, 8 papers, 5 co-authors. */
export const diXuXml = readFileSync(
  path.resolve(import.meta.dirname, 'fixtures/dblp/person/95-7448-1.xml'),
  'utf8',
);

export const sarielPid = '17/8399';
/** Sanem Sariel's profile, which lists her ORCID iD (fixtures/dblp/person/README.md). */
export const sarielXml = readFileSync(
  path.resolve(import.meta.dirname, 'fixtures/dblp/person/17-8399.xml'),
  'utf8',
);
export const sarielOrcidId = '0000-0003-2993-6681';

export type FixtureAnswer =
  { status?: number; headers?: Record<string, string>; body?: string } | 'hang';

export interface RecordedRequest {
  path: string;
  /** Milliseconds since the epoch when the request arrived. */
  at: number;
  userAgent: string | undefined;
}

export interface DblpFixtureServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** What a path answers once the scripted answers are used up (both person files are preset). */
  serve(pid: string, answer: FixtureAnswer): void;
  /** Answers the next requests for a pid, in order, before its usual answer. */
  script(pid: string, ...answers: FixtureAnswer[]): void;
  close(): Promise<void>;
}

export const personPath = (pid: string) => `/pid/${pid}.xml`;

export async function startDblpFixtureServer(): Promise<DblpFixtureServer> {
  const requests: RecordedRequest[] = [];
  const usual = new Map<string, FixtureAnswer>([
    [personPath(diXuPid), { body: diXuXml }],
    [personPath(sarielPid), { body: sarielXml }],
  ]);
  const scripted = new Map<string, FixtureAnswer[]>();
  const hung: ServerResponse[] = [];

  const server = createServer((request, response) => {
    const url = request.url ?? '/';
    requests.push({ path: url, at: Date.now(), userAgent: request.headers['user-agent'] });
    const answer = scripted.get(url)?.shift() ??
      usual.get(url) ?? { status: 404, body: 'Not Found' };
    if (answer === 'hang') {
      hung.push(response);
      return;
    }
    const headers = { 'content-type': 'application/xml; charset=utf-8', ...answer.headers };
    response.writeHead(answer.status ?? 200, headers);
    response.end(answer.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    serve: (pid, answer) => void usual.set(personPath(pid), answer),
    script: (pid, ...answers) =>
      void scripted.set(personPath(pid), [...(scripted.get(personPath(pid)) ?? []), ...answers]),
    async close() {
      for (const response of hung) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The gaps between consecutive requests, in milliseconds. */
export function gapsBetween(requests: readonly RecordedRequest[]): number[] {
  return requests.slice(1).map((request, index) => request.at - requests[index]!.at);
}

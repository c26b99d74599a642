import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DblpImportRun, DblpOperations } from '@recuse/common';
import { renderWithProviders, stubFetch } from '../../../testing/render-with-providers.tsx';
import { DblpOperationsPanel } from './dblp-operations.tsx';

const run = (overrides: Partial<DblpImportRun>): DblpImportRun => ({
  id: 1,
  sourcePath: '/dumps/dblp-2026-11-01.xml.gz',
  status: 'running',
  phase: 'people',
  startedAt: '2026-11-27T08:00:00.000Z',
  finishedAt: null,
  updatedAt: '2026-11-27T08:05:00.000Z',
  sourceSize: 1_000_000,
  bytesRead: 1_000_000,
  recordsRead: 5_000,
  phaseDone: 200,
  phaseTotal: 400,
  publications: 0,
  people: 0,
  redirects: 0,
  skipped: 0,
  warnings: 0,
  authorsResolved: 0,
  relationsCreated: 0,
  error: null,
  ...overrides,
});

function renderWithImports(imports: DblpImportRun[]) {
  const operations: DblpOperations = {
    imports,
    queue: { waiting: 0, running: 0, next: [] },
    hosts: [],
    failures: [],
    failedJobs: [],
  };
  stubFetch({ '/v1/web/admin/dblp': { body: operations } });
  renderWithProviders(<DblpOperationsPanel />);
}

afterEach(() => vi.unstubAllGlobals());

describe('DblpOperationsPanel', () => {
  it('shows a running import with its progress', async () => {
    renderWithImports([run({})]);
    const article = await screen.findByRole('article', { name: 'dblp-2026-11-01.xml.gz' });
    expect(article).toHaveTextContent('Running');
    expect(article).toHaveTextContent(/Resolving authors: publication ids up to 200 of 400/);
    expect(screen.getByRole('progressbar', { name: /Progress of the import/ })).toBeVisible();
  });

  it('says an interrupted import stopped, and that running the command again resumes it', async () => {
    renderWithImports([run({ status: 'interrupted' })]);
    const article = await screen.findByRole('article', { name: 'dblp-2026-11-01.xml.gz' });
    expect(article).toHaveTextContent('Interrupted');
    expect(article).toHaveTextContent(
      /in the people phase: the import was stopped before it ended/,
    );
    expect(article).toHaveTextContent(/Running the same command again resumes it/);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

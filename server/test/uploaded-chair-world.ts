// The setup most chair-workspace test files share (server/test/chair-workspace.ts builds the
// world). Its own file, since it registers vitest hooks and the matrix benchmark loads
// chair-workspace.ts outside vitest.
import { afterAll, beforeAll } from 'vitest';
import type { TestApp } from './build-test-app.ts';
import { buildTestApp } from './build-test-app.ts';
import type { ChairWorld } from './chair-workspace.ts';
import { buildUploadedChairWorld } from './chair-workspace.ts';

export interface UploadedChairWorkspace {
  /** The test app; filled in before the file's first test. */
  t: TestApp;
  /** The uploaded chair world; filled in before the file's first test. */
  w: ChairWorld;
  /** The path of the world's conference, `/v1/web/conference/<confid>`. */
  base: () => string;
}

/**
 * The setup most workspace test files share: called at a file's top level, it registers a
 * beforeAll that builds a test app and the uploaded chair world (buildUploadedChairWorld) and
 * an afterAll that closes the app. The returned `t` and `w` are empty objects the beforeAll
 * fills in, so a file may destructure them at once and use them from its tests and helpers.
 */
export function useUploadedChairWorld(): UploadedChairWorkspace {
  const t = {} as TestApp;
  const w = {} as ChairWorld;
  beforeAll(async () => {
    Object.assign(t, await buildTestApp());
    Object.assign(w, await buildUploadedChairWorld(t));
  });
  afterAll(() => t.close());
  return { t, w, base: () => `/v1/web/conference/${w.confid}` };
}

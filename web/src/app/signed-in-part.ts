// The signed-in root (routes/signed-in-root.tsx) is a chunk of its own, with the profile's schema
// and zod: fetched once there is a session, so the sign-in page does without it
// (docs/benchmarks.md, "Web assets"). Kept here once fetched, so the root layout can draw it
// without waiting.
import type * as SignedInRootModule from './routes/signed-in-root.tsx';

export type SignedInPart = typeof SignedInRootModule;

let loaded: SignedInPart | undefined;
let loading: Promise<SignedInPart> | undefined;

/** The signed-in root's module; a failed fetch is tried again on the next call. */
export function loadSignedInPart(): Promise<SignedInPart> {
  loading ??= import('./routes/signed-in-root.tsx').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The signed-in root's module if it has been fetched already. */
export function findSignedInPart(): SignedInPart | undefined {
  return loaded;
}

// GET /v1/web/user/profile: the signed-in user's profile, kept in the browser after sign-in
// (docs/product.md, "Other entities, in short") and refetched whenever a page needs fresh
// notifications.
import { useQuery } from '@tanstack/react-query';
import { profileSchema } from '@recuse/common';
import type { Profile } from '@recuse/common';
import { fetchData } from '../../../lib/api-client.ts';
import { findStoredProfile, storeProfile } from '../../../lib/session.ts';
import { profilePath, profileQueryKey } from './keys.ts';

export type { ProfileNotification } from '@recuse/common';
export type SessionProfile = Profile;

export { profilePath, profileQueryKey };

/** The profile when the answer has its shape, else undefined. */
export function readProfile(body: unknown): SessionProfile | undefined {
  const parsed = profileSchema.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}

export async function getProfile(): Promise<SessionProfile> {
  const profile = await fetchData(profilePath, profileSchema);
  storeProfile(profile);
  return profile;
}

/**
 * The profile is incomplete while a name or the email is missing, or no institution is added
 * (docs/product.md, "The screens", Dashboard).
 */
export function isProfileComplete(profile: SessionProfile): boolean {
  return Boolean(
    profile.FName?.trim() &&
    profile.SName?.trim() &&
    profile.Email?.trim() &&
    profile.institutionDataAdded,
  );
}

/** The stored profile at once, refreshed from the server in the background. */
export function useProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: getProfile,
    enabled,
    initialData: () => readProfile(findStoredProfile()),
  });
}

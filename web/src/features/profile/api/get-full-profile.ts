// POST /v1/web/user/fullprofile: everything the profile form edits (docs/api.md, "Profile and
// notifications"), the affiliations with their institutions, and the positions to pick from.
import { useQuery } from '@tanstack/react-query';
import { fullProfileSchema } from '@recuse/common';
import type { FullProfile } from '@recuse/common';
import { fetchData } from '../../../lib/api-client.ts';

export const fullProfileQueryKey = ['full-profile'] as const;

export async function getFullProfile(): Promise<FullProfile> {
  return fetchData('/v1/web/user/fullprofile', fullProfileSchema, { method: 'POST' });
}

export function useFullProfile() {
  return useQuery({ queryKey: fullProfileQueryKey, queryFn: getFullProfile });
}

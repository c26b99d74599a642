// POST /v1/web/user/fullprofile: everything the profile form edits (SPEC section 3's Profile
// form), the affiliations with their institutions, and the positions to pick from.
import { useQuery } from '@tanstack/react-query';
import { fullProfileSchema } from '@recuse/common';
import type { FullProfile } from '@recuse/common';
import { CouldNotFetchError, fetchData } from '../../../lib/api-client.ts';

export const fullProfileQueryKey = ['full-profile'] as const;

export async function getFullProfile(): Promise<FullProfile> {
  const parsed = fullProfileSchema.safeParse(
    await fetchData<unknown>('/v1/web/user/fullprofile', { method: 'POST' }),
  );
  if (!parsed.success) throw new CouldNotFetchError();
  return parsed.data;
}

export function useFullProfile() {
  return useQuery({ queryKey: fullProfileQueryKey, queryFn: getFullProfile });
}

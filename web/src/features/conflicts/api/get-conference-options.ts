// GET /v1/web/conference/data/list/conferDrpList: the conferences a user can pick, DEFAULT
// ('Default') first, each with its rules (SPEC sections 7 and 9).
import { useQuery } from '@tanstack/react-query';
import { conferenceDropListSchema } from '@recuse/common';
import type { ConferenceDropList } from '@recuse/common';
import { CouldNotFetchError, fetchData } from '../../../lib/api-client.ts';

export const conferenceOptionsQueryKey = ['conference-options'] as const;

export async function getConferenceOptions(): Promise<ConferenceDropList> {
  const parsed = conferenceDropListSchema.safeParse(
    await fetchData<unknown>('/v1/web/conference/data/list/conferDrpList'),
  );
  if (!parsed.success) throw new CouldNotFetchError();
  return parsed.data;
}

export function useConferenceOptions() {
  return useQuery({ queryKey: conferenceOptionsQueryKey, queryFn: getConferenceOptions });
}

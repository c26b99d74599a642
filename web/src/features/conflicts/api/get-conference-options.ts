// GET /v1/web/conference/data/list/conferDrpList: the conferences a user can pick, DEFAULT
// ('Default') first, each with its rules (docs/api-conflicts.md).
import { useQuery } from '@tanstack/react-query';
import { conferenceDropListSchema } from '@recuse/common';
import type { ConferenceDropList } from '@recuse/common';
import { fetchData } from '../../../lib/api-client.ts';

export const conferenceOptionsQueryKey = ['conference-options'] as const;

export async function getConferenceOptions(): Promise<ConferenceDropList> {
  return fetchData('/v1/web/conference/data/list/conferDrpList', conferenceDropListSchema);
}

export function useConferenceOptions() {
  return useQuery({ queryKey: conferenceOptionsQueryKey, queryFn: getConferenceOptions });
}

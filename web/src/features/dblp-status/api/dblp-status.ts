// DBLP operations (docs/api.md, "DBLP operations"): the administrators' page (imports, crawl
// queue, hosts, failures, people and "Crawl now") and a researcher's own DBLP status with
// "Refresh now". The server checks who may call each.
import { useQuery } from '@tanstack/react-query';
import {
  dblpCrawlQueuedSchema,
  dblpOperationsSchema,
  dblpPeopleReplySchema,
  ownDblpStatusSchema,
} from '@recuse/common';
import { callApi, fetchData, saveForm } from '../../../lib/api-client.ts';

export const dblpOperationsQueryKey = ['admin', 'dblp'] as const;
export const dblpPeopleQueryKey = ['admin', 'dblp', 'people'] as const;
export const ownDblpStatusQueryKey = ['user', 'dblp', 'status'] as const;

/** How often the pages look again while an import or a crawl is under way. */
const pollMs = 5_000;

export function useDblpOperations() {
  return useQuery({
    queryKey: dblpOperationsQueryKey,
    queryFn: () => fetchData('/v1/web/admin/dblp', dblpOperationsSchema),
    refetchInterval: (query) => {
      const data = query.state.data;
      const isBusy =
        data &&
        (data.imports.some((run) => run.status === 'running') ||
          data.queue.waiting + data.queue.running > 0);
      return isBusy ? pollMs : false;
    },
  });
}

export function useDblpPeople(search: string) {
  return useQuery({
    queryKey: [...dblpPeopleQueryKey, search],
    queryFn: () =>
      fetchData(`/v1/web/admin/dblp/people?q=${encodeURIComponent(search)}`, dblpPeopleReplySchema),
  });
}

export function crawlNow(userId: number) {
  return saveForm('/v1/web/admin/dblp/crawl', { userId: String(userId) }, dblpCrawlQueuedSchema, {
    isTokenCall: true,
  });
}

export function useOwnDblpStatus() {
  return useQuery({
    queryKey: ownDblpStatusQueryKey,
    queryFn: () => fetchData('/v1/web/user/dblp/status', ownDblpStatusSchema),
    refetchInterval: (query) => (query.state.data?.crawl ? pollMs : false),
  });
}

export function refreshOwnDblp() {
  return callApi('/v1/web/user/dblp/refresh', dblpCrawlQueuedSchema, {
    method: 'POST',
    isTokenCall: true,
  });
}

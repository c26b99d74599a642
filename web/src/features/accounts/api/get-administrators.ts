// GET /v1/web/admin/roles: every administrator, by name.
import { useQuery } from '@tanstack/react-query';
import { administratorsReplySchema } from '@recuse/common';
import { fetchData } from '../../../lib/api-client.ts';

export const administratorsQueryKey = ['admin', 'administrators'] as const;

export async function getAdministrators() {
  return (await fetchData('/v1/web/admin/roles', administratorsReplySchema)).administrators;
}

export function useAdministrators() {
  return useQuery({ queryKey: administratorsQueryKey, queryFn: getAdministrators });
}

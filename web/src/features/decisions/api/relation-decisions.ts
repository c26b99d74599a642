// Relation decisions (docs/api.md, "Relation decisions"): the relations an administrator or a
// chair may look at, one relation's history and comments, and Validate and Delete. The server
// decides who may see and decide on what; its refusals are shown as it words them.
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import {
  relationDecisionReplySchema,
  relationLogReplySchema,
  relationSearchReplySchema,
} from '@recuse/common';
import { readOrExplain, saveForm } from '../../../lib/api-client.ts';

export const relationDecisionsQueryKey = ['admin', 'relations'] as const;
export const relationLogQueryKey = (relationId: string) =>
  ['admin', 'relation-log', relationId] as const;

const tokenCall = { isTokenCall: true } as const;

export async function searchDecisionRelations(text: string) {
  const query = new URLSearchParams({ q: text }).toString();
  return (await readOrExplain(`/v1/web/admin/relations?${query}`, relationSearchReplySchema))
    .relations;
}

/** The relations a search finds, asked once typing pauses; with no text, the newest. */
export function useDecisionRelations(text: string) {
  const [debounced] = useDebouncedValue(text.trim(), 300);
  return useQuery({
    queryKey: [...relationDecisionsQueryKey, debounced],
    queryFn: () => searchDecisionRelations(debounced),
    retry: false,
  });
}

export function getRelationLog(relationId: string) {
  return readOrExplain(
    `/v1/web/admin/relations/${encodeURIComponent(relationId)}`,
    relationLogReplySchema,
  );
}

export function useRelationLog(relationId: string) {
  return useQuery({
    queryKey: relationLogQueryKey(relationId),
    queryFn: () => getRelationLog(relationId),
    retry: false,
  });
}

export function decideOnRelation(
  relationId: number,
  decision: 'validate' | 'delete',
  reason: string,
) {
  return saveForm(
    `/v1/web/admin/relations/${decision}`,
    { relationId: String(relationId), reason },
    relationDecisionReplySchema,
    tokenCall,
  );
}

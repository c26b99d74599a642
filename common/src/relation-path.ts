// The web page of a relation, built by the server (mails, notifications, request answers) and
// by the web app (links) alike.
import { relationTypeIds } from './relation-types.ts';

/**
 * Where a relation is viewed (or modified by its creator): type 8, a pending employment or
 * application, has its own pages (docs/product.md, "Screens and routes").
 */
export function relationPath(
  relationId: number,
  typeId: number,
  action: 'view' | 'modify' = 'view',
): string {
  const base = typeId === relationTypeIds.pendingEmployment ? '/pending-relations' : '/relations';
  return `${base}/${action}/${relationId}`;
}

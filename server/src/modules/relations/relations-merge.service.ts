// What merging two person records (accounts' mergeDblpPerson) does to relations: the one place
// that knows which relations would otherwise become relations of a person with themselves.
import type { Db } from '../../db/client.ts';
import { removeSelfRelations } from './relations-merge.repo.ts';

/**
 * Before `from` becomes `into`, in plain words:
 * - A person relation (types 1, 2, 4, 5) between the two is deleted: nobody advises themselves.
 * - On a publication-like relation (3, 6, 7) naming both, one side goes: `from`'s party row, or,
 *   when `from` is the creator, `into`'s party row (the creator's side then passes to `into`).
 *   A relation left with no party at all is deleted, as a paper with one author is no relation.
 * - A publication both authored keeps one authorship, `into`'s.
 * Type 8 names no other person and is untouched. Answers the counts for the merge's audit row.
 */
export function removeRelationsBetween(
  db: Db,
  ids: { fromUserId: number; intoUserId: number },
): Promise<Record<string, number>> {
  return removeSelfRelations(db, ids.fromUserId, ids.intoUserId);
}

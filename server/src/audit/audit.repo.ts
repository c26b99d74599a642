// The audit log (docs/data-model.md, "Messages, audit, background work"): who changed what and
// when, with the state before and after. Written in the same transaction as the change it records.
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

export interface AuditEntry {
  actorUserId: number | null;
  /** What happened, as `<entity>.<verb>`: 'profile.update', 'institution.propose'. */
  action: string;
  entity:
    | 'user'
    | 'institution'
    | 'relation'
    | 'conference'
    | 'dblp_claim'
    | 'relation_comment'
    | 'contact_message';
  entityId: number | null;
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

// Politeness per DBLP host, kept in crawl_hosts so every worker of every instance, and the same
// worker after a restart, shares one clock. A request takes the host like a lease: the claim
// moves next_allowed_at past the longest the request may take, so nobody else starts one; the
// answer then sets the real next time (the delay, a Retry-After, or a backoff). A worker that
// dies mid-request leaves the lease to expire, never the host closed for good.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';

export type HostClaim =
  { isClaimed: true; failureCount: number } | { isClaimed: false; waitMs: number };

/** Takes the host if its next allowed time has come, in one statement (atomic across workers). */
export async function claimHost(db: Db, host: string, leaseMs: number): Promise<HostClaim> {
  const [claimed] = await queryRows<{ failure_count: number }>(
    db,
    sql`insert into crawl_hosts (host, next_allowed_at, updated_at)
        values (${host}, now() + make_interval(secs => ${leaseMs / 1000}), now())
        on conflict (host) do update
           set next_allowed_at = excluded.next_allowed_at, updated_at = now()
         where crawl_hosts.next_allowed_at <= now()
        returning failure_count`,
  );
  if (claimed) return { isClaimed: true, failureCount: claimed.failure_count };
  const [busy] = await queryRows<{ wait_ms: number | string }>(
    db,
    sql`select greatest(0, extract(epoch from next_allowed_at - now()) * 1000)::float8 as wait_ms
          from crawl_hosts where host = ${host}`,
  );
  // The row always exists once the insert above ran; a vanished row means "try again now".
  return { isClaimed: false, waitMs: Number(busy?.wait_ms ?? 0) };
}

/** Ends the lease: the host may be asked again `waitMs` from now. */
export async function releaseHost(
  db: Db,
  host: string,
  release: { waitMs: number; failureCount: number },
): Promise<void> {
  await db.execute(
    sql`update crawl_hosts
           set next_allowed_at = now() + make_interval(secs => ${release.waitMs / 1000}),
               failure_count = ${release.failureCount}, updated_at = now()
         where host = ${host}`,
  );
}

export async function findHostState(
  db: Db,
  host: string,
): Promise<{ nextAllowedAt: Date; failureCount: number } | undefined> {
  const [row] = await queryRows<{ next_allowed_at: Date | string; failure_count: number }>(
    db,
    sql`select next_allowed_at, failure_count from crawl_hosts where host = ${host}`,
  );
  if (!row) return undefined;
  return { nextAllowedAt: new Date(row.next_allowed_at), failureCount: row.failure_count };
}

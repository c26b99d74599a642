// What every service needs: the configuration and a database connection (or transaction).
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { SessionCache } from './modules/auth/session-cache.ts';
import type { ConferenceRulesCache } from './modules/conferences/rules-cache.ts';
import type { ProfileSummaryCache } from './modules/profile/profile-summary-cache.ts';

export interface AppContext {
  config: Config;
  db: Db;
  /** Signed-in sessions kept in memory, when the database announces its changes. */
  sessions?: SessionCache;
  /** Conferences and their rules kept in memory for conflict lists, likewise. */
  conferenceRules?: ConferenceRulesCache;
  /** Each user's dashboard summary (the profile's notifications and flags), likewise. */
  profileSummaries?: ProfileSummaryCache;
}

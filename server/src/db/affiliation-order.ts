// The order a user's affiliations are shown in, named once so that the profile form
// (profile.repo's listAffiliations) and the relations list's institution_list
// (relations-read.repo) agree: current ones first, then the latest start, then as entered.
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

/** An ORDER BY list; `a` names the affiliations table (sql`a`, or the table itself). */
export const affiliationsShownOrder = (a: SQL): SQL =>
  sql`${a}.is_current desc, ${a}.start_date desc nulls last, ${a}.id`;

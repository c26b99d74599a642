// The oracle test: Di Xu's real DBLP file (fixtures/dblp/person/95-7448-1.xml) stored by the
// crawler's own store function, then the list call's co-author conflicts at several reference
// dates compared with an expectation read straight from the XML text (regular expressions,
// neither our parser nor the engine): everyone with a pid who shares a paper with him whose
// year is at most 4 years before R (a year-only date is December of that year, so a paper of
// year Y is in when Y >= R's year - 4), later papers included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { ConferenceReply, ConflictPersonWire } from '@recuse/common';
import type { TestApp } from '../../../test/build-test-app.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { diXuPid, diXuXml } from '../../../test/dblp-fixture-server.ts';
import { signedInUser } from '../../../test/profile-requests.ts';
import { post } from '../../../test/relation-requests.ts';
import type { Tokens } from '../../../test/factories.ts';
import { users } from '../../db/schema.ts';
import { storePersonFile } from '../../dblp/crawl/store-person.ts';
import { parsePerson } from '../../dblp/parse-person.ts';

/** Every paper of the file as the XML text says it: its year and its authors' pids. */
function papersInXml(xml: string): Array<{ year: number; pids: string[] }> {
  return [...xml.matchAll(/<r>([\s\S]*?)<\/r>/g)].map(([, record]) => ({
    year: Number(/<year>(\d{4})<\/year>/.exec(record!)![1]),
    pids: [...record!.matchAll(/<author[^>]*\bpid="([^"]+)"/g)].map((match) => match[1]!),
  }));
}

function expectedCoauthors(referenceYear: number): string[] {
  const pids = new Set<string>();
  for (const paper of papersInXml(diXuXml)) {
    if (paper.year < referenceYear - 4) continue;
    for (const pid of paper.pids) if (pid !== diXuPid) pids.add(pid);
  }
  return [...pids].sort();
}

let t: TestApp;
let diXu: { session: Tokens; user: { id: number } };
let chair: { session: Tokens };

beforeAll(async () => {
  t = await buildTestApp();
  diXu = await signedInUser(t, { firstName: 'Di', lastName: 'Xu', dblpPid: diXuPid });
  chair = await signedInUser(t);
  const stored = await storePersonFile(t.db, {
    userId: diXu.user.id,
    requestedPid: diXuPid,
    file: parsePerson(diXuXml),
    refreshDays: 30,
  });
  expect(stored.status).toBe('stored');
});
afterAll(() => t.close());

async function conferenceAt(
  referenceDate: string,
  ruleTitle = 'Co-authored publication within 4 years',
): Promise<number> {
  const created = await post(
    t,
    '/v1/web/conference/data/save',
    chair.session,
    {
      name: `ORACLE-${referenceDate}`,
      label: `Oracle ${referenceDate}`,
      reference_date: referenceDate,
    },
    'json',
  );
  const confid = created.json<ConferenceReply>().conference.confid;
  const rule = await post(
    t,
    `/v1/web/conference/data/rule/save/${confid}`,
    chair.session,
    {
      value: 'coauthor-4y',
      rule_title: ruleTitle,
      relation_type_id: 3,
      operation_txt: 'WITHIN_X_YEARS',
      number_of_year: 4,
    },
    'json',
  );
  expect(rule.statusCode, rule.body).toBe(200);
  return confid;
}

/** Di Xu's co-author conflicts under the conference's rule. */
async function coauthorConflicts(confid: number): Promise<ConflictPersonWire[]> {
  const response = await post(t, '/v1/web/relations/data/list', diXu.session, {
    confid,
    conflictRules: JSON.stringify(['coauthor-4y']),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ user_conflicts: ConflictPersonWire[] }>().user_conflicts;
}

/** Their DBLP pids, sorted. */
async function pidsOf(people: ConflictPersonWire[]): Promise<string[]> {
  const ids = people.map((person) => person.id);
  if (ids.length === 0) return [];
  const rows = await t.db.select({ pid: users.dblpPid }).from(users).where(inArray(users.id, ids));
  return rows.map((row) => row.pid!).sort();
}

describe('the co-author conflicts of a real DBLP file', () => {
  it('has papers on both sides of the windows tried', () => {
    expect(papersInXml(diXuXml).map((paper) => paper.year)).toEqual([
      2012, 2012, 2012, 2011, 2010, 2010, 2010, 2009,
    ]);
  });

  it.each(['2013-06-01', '2014-12-31', '2015-01-01', '2016-01-01', '2016-12-31', '2017-01-01'])(
    'names exactly the co-authors of the 4 years before %s',
    async (referenceDate) => {
      const named = await coauthorConflicts(await conferenceAt(referenceDate));
      expect(await pidsOf(named)).toEqual(expectedCoauthors(Number(referenceDate.slice(0, 4))));
      expect(named.every((person) => !person.is_provisional)).toBe(true);
    },
  );

  // The same rules at a later date, then at an earlier one: the list's statement is built once
  // per rules and reference month, and one built for 2017 keeps out the papers 2013 counts. The
  // rule's own title keeps these rules apart from the other tests', whatever runs first.
  it('follows the reference date when the same rules come back at an earlier one', async () => {
    const title = 'Co-authored publication within 4 years, two dates';
    const later = await conferenceAt('2017-06-01', title);
    const earlier = await conferenceAt('2013-07-01', title);
    expect(await pidsOf(await coauthorConflicts(later))).toEqual(expectedCoauthors(2017));
    expect(await pidsOf(await coauthorConflicts(earlier))).toEqual(expectedCoauthors(2013));
    expect(expectedCoauthors(2013)).not.toEqual(expectedCoauthors(2017));
  });
});

// The demo's conference with a filled chair's workspace (docs/api-conflicts.md, "The chair's
// workspace"): a program committee and submissions as HotCRP writes them, read by the same
// reader an upload goes through, chaired by chair@example.org. Against the demo's relations
// (demo-relations.ts) and institutions (demo-data.ts) the matrix then shows a conflict of each
// kind the workspace knows, firm and provisional, an ambiguous author and an unknown member:
//
// - paper 1 (Grace and Kathleen): Ada only through pending and disputed relations with Grace
//   (provisional); Alan through the personal relation with Grace (firm); Grace is an author;
// - paper 2 (Alan): Ada as Alan's advisee and co-author; Grace through the personal relation;
// - paper 3 (Di Xu, a namesake of two people: ambiguous; Maria at ETH Zurich): Ada, ETH Zurich;
// - paper 4 (Jan at TU Delft): Edsger, whom only the committee file places at Delft, and Ada's
//   application at Delft;
// - paper 5 (Joan at Bletchley Park Research Centre, awaiting approval): Alan's pending
//   application there, provisional;
// - paper 6 (Kathleen again): Grace, her co-author on paper 1 (the chair counts co-authors on
//   other submissions in this demo);
// - paper 7: nobody.
import type { Db } from '../db/client.ts';
import { conferenceChairs, conferences } from '../db/schema.ts';
import * as workspace from '../modules/chair-workspace/chair-workspace.repo.ts';
import { readAuthorsFile, readCommitteeFile } from '../modules/chair-workspace/hotcrp-csv.ts';
import { storeCommittee, storeSubmissions } from '../modules/chair-workspace/row-matches.ts';
import { insertDefaultRules } from '../modules/conferences/conferences.repo.ts';

export const demoConference = {
  name: 'DEMO-CONF-2027',
  label: 'Demo Conference 2027',
  /** Fixed, so the demo's windows (4 years, 6 months) give the same matrix whenever it runs. */
  referenceDate: '2026-02-15',
} as const;

/** HotCRP's PC info CSV. */
export const demoCommitteeCsv = [
  'given_name,family_name,email,affiliation,orcid',
  'Ada,Lovelace,ada@example.org,ETH Zurich,',
  'Alan,Turing,alan@example.org,University of Cambridge,',
  'Grace,Hopper,grace@example.org,,',
  'Edsger,Dijkstra,edsger@pc.example.org,Delft University of Technology,',
].join('\n');

/** HotCRP's authors CSV. */
export const demoAuthorsCsv = [
  'paper,title,given_name,family_name,email,affiliation,orcid,country,iscontact',
  '1,Compilers for Everyone,Grace,Hopper,grace@example.org,,,US,yes',
  '1,Compilers for Everyone,Kathleen,Booth,kathleen@example.net,Birkbeck College,,GB,',
  '2,"On Computable Numbers, Revisited",Alan,Turing,alan@example.org,University of Cambridge,,GB,yes',
  '3,Scheduling Analytical Engines at Scale,Di,Xu,dixu@research.example.com,Example Research,,CA,yes',
  '3,Scheduling Analytical Engines at Scale,Maria,Zeller,maria@example.ch,ETH Zurich,,CH,',
  '4,Compiler Construction in Delft,Jan,de Vries,jan@example.nl,TU Delft,,NL,yes',
  '5,Codebreaking Machines,Joan,Clarke,joan@example.co.uk,Bletchley Park Research Centre,,GB,yes',
  '6,A Quiet Paper on Loops,Kathleen,Booth,kathleen@example.net,Birkbeck College,,GB,yes',
  '7,Nothing to Declare,Hedy,Lamarr,hedy@example.com,Independent,,US,yes',
].join('\n');

export async function seedDemoConference(db: Db, chairUserId: number): Promise<void> {
  const committee = readCommitteeFile(demoCommitteeCsv);
  const authors = readAuthorsFile(demoAuthorsCsv);
  if ('problems' in committee || 'problems' in authors) {
    throw new Error('The demo conference files do not read.');
  }
  const [conference] = await db
    .insert(conferences)
    .values({ ...demoConference, createdByUserId: chairUserId })
    .returning({ id: conferences.id });
  const conferenceId = conference!.id;
  await db.insert(conferenceChairs).values({ conferenceId, userId: chairUserId });
  await insertDefaultRules(db, conferenceId);
  await storeCommittee(db, conferenceId, committee.members);
  await storeSubmissions(db, conferenceId, authors.submissions);
  await workspace.setCountsSubmissionCoauthors(db, conferenceId, true);
}

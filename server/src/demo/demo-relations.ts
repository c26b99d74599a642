// The demo's relations: every type, every status, among the demo people. Inserted in this
// order into an empty database, so relations 1 to 3 are those the demo notifications open.
// Notification texts are the ones the relations module writes for the same events.
import { institutionKey } from '@recuse/common';
import type { Db } from '../db/client.ts';
import {
  notifications,
  publicationAuthors,
  publications,
  relationComments,
  relationParties,
  relations,
  users,
} from '../db/schema.ts';

export interface DemoPeople {
  ada: number;
  alan: number;
  grace: number;
  dblpDiXu: number;
}

export interface DemoInstitutions {
  delft: number;
  bletchley: number;
}

interface DemoRelation {
  typeId: number;
  creator: number;
  title?: string;
  start?: [number, number | null];
  end?: [number, number | null];
  status?: number;
  institutionId?: number;
  isDblpImported?: boolean;
  publicationId?: number;
  parties: Array<[number, number, string?]>;
  comments?: Array<[number, string, boolean?]>;
}

const source = (name: string, email: string) => `Entry by self: ${name}, ${email}`;

export async function seedDemoRelations(
  db: Db,
  people: DemoPeople,
  places: DemoInstitutions,
): Promise<void> {
  const { ada, alan, grace, dblpDiXu } = people;
  const [invited] = await db
    .insert(users)
    .values({ kind: 'invited', email: 'charles@example.org' })
    .returning({ id: users.id });
  const [publication] = await db
    .insert(publications)
    .values({
      dblpKey: 'journals/demo/XuL19',
      title: 'Scheduling Analytical Engines',
      titleKey: institutionKey('Scheduling Analytical Engines'),
      year: 2019,
      venue: 'Demo Journal',
      kind: 'article',
    })
    .returning({ id: publications.id });
  await db.insert(publicationAuthors).values([
    { publicationId: publication!.id, position: 1, userId: dblpDiXu, name: 'Di Xu 0001' },
    { publicationId: publication!.id, position: 2, userId: ada, name: 'Ada Lovelace' },
  ]);

  const demo: DemoRelation[] = [
    // 1: Grace has not answered yet; Alan accepted.
    {
      typeId: 3,
      creator: ada,
      title: 'Notes on the Analytical Engine',
      end: [2024, null],
      parties: [
        [grace, 3],
        [alan, 1],
      ],
    },
    // 2: Alan rejected Grace's collaboration.
    {
      typeId: 2,
      creator: grace,
      start: [2021, 3],
      end: [2023, 6],
      parties: [[alan, 4, 'We never worked on this project together.']],
      comments: [[alan, 'Perhaps you mean the compiler project with Ada?']],
    },
    // 3: Ada's application at an approved institution: validated.
    { typeId: 8, creator: ada, start: [2025, 9], institutionId: places.delft, parties: [] },
    // 4: advisor and advisee, confirmed.
    { typeId: 1, creator: alan, start: [2015, null], end: [2019, null], parties: [[ada, 1]] },
    // 5: a colleague who has not answered yet; ongoing.
    { typeId: 4, creator: ada, start: [2021, 9], parties: [[alan, 3]] },
    // 6: personal, with the comment type 5 asks for.
    {
      typeId: 5,
      creator: alan,
      parties: [[grace, 1]],
      comments: [[alan, 'We are cousins.']],
    },
    // 7: a joint award, one co-awardee accepted, one pending.
    {
      typeId: 6,
      creator: alan,
      title: 'Best Paper Award, Demo Conference',
      end: [2023, null],
      parties: [
        [ada, 1],
        [grace, 3],
      ],
    },
    // 8: a grant Ada disputes.
    {
      typeId: 7,
      creator: grace,
      title: 'Engines for Everyone Fellowship',
      start: [2020, null],
      end: [2022, null],
      parties: [[ada, 4, 'The fellowship was Charles’s, not mine.']],
    },
    // 9: Alan's application at the institution he proposed: pending until it is approved.
    {
      typeId: 8,
      creator: alan,
      start: [2025, 11],
      institutionId: places.bletchley,
      status: 3,
      parties: [],
    },
    // 10: deleted by its creator (set for deletion): nobody lists it any more.
    {
      typeId: 3,
      creator: grace,
      title: 'A Paper That Was Never Written',
      end: [2022, null],
      status: 2,
      parties: [[ada, 3]],
    },
    // 11: Grace was removed from the author list (status 2).
    {
      typeId: 3,
      creator: alan,
      title: 'On Computable Numbers, Revisited',
      end: [2021, null],
      parties: [
        [ada, 1],
        [grace, 2],
      ],
      comments: [[alan, 'Grace was not an author; removed her.', true]],
    },
    // 12: imported from DBLP (read-only), with Di Xu's DBLP person, whom Di links.
    {
      typeId: 3,
      creator: dblpDiXu,
      title: 'Scheduling Analytical Engines',
      end: [2019, null],
      isDblpImported: true,
      publicationId: publication!.id,
      parties: [[ada, 1]],
    },
    // 13: Ada named someone with no account yet by e-mail: invited.
    { typeId: 2, creator: ada, start: [2024, 1], parties: [[invited!.id, 3]] },
    // 14: inactive.
    {
      typeId: 4,
      creator: alan,
      start: [2010, 1],
      end: [2012, 12],
      status: 0,
      parties: [[grace, 1]],
    },
  ];

  const emails: Record<number, [string, string]> = {
    [ada]: ['Ada Lovelace', 'ada@example.org'],
    [alan]: ['Alan Turing', 'alan@example.org'],
    [grace]: ['Grace Hopper', 'grace@example.org'],
    [dblpDiXu]: ['Di Xu', 'DBLP'],
  };
  for (const item of demo) {
    const [name, email] = emails[item.creator]!;
    const [relation] = await db
      .insert(relations)
      .values({
        typeId: item.typeId,
        creatorUserId: item.creator,
        status: item.status ?? 1,
        startYear: item.start?.[0] ?? null,
        startMonth: item.start?.[1] ?? null,
        endYear: item.end?.[0] ?? null,
        endMonth: item.end?.[1] ?? null,
        title: item.title ?? null,
        titleKey: item.title ? institutionKey(item.title) : null,
        institutionId: item.institutionId ?? null,
        publicationId: item.publicationId ?? null,
        paperType: item.typeId === 6 || item.typeId === 7 ? 0 : 1,
        isDblpImported: item.isDblpImported ?? false,
        source: item.isDblpImported ? 'DBLP' : source(name, email),
        deletedAt: item.status === 2 ? new Date() : null,
      })
      .returning({ id: relations.id });
    if (item.parties.length > 0) {
      await db.insert(relationParties).values(
        item.parties.map(([userId, status, reason]) => ({
          relationId: relation!.id,
          userId,
          status,
          reason: reason ?? null,
          respondedAt: status === 3 ? null : new Date(),
        })),
      );
    }
    for (const [userId, text, isChangeComment] of item.comments ?? []) {
      await db.insert(relationComments).values({
        relationId: relation!.id,
        userId,
        text,
        isChangeComment: isChangeComment ?? false,
      });
    }
  }

  await db.insert(notifications).values([
    {
      userId: grace,
      message: 'Ada Lovelace added a relation with you. Please review and respond to it.',
      relationTypeId: 3,
      relationTypeName: 'Co-authored publication',
      publicationName: 'Notes on the Analytical Engine',
      relationId: 1,
    },
    {
      userId: grace,
      message: 'Alan Turing rejected the relation.',
      relationTypeId: 2,
      relationTypeName: 'Collaboration (joint project or grant)',
      rejectReason: 'We never worked on this project together.',
      relationId: 2,
    },
    {
      userId: ada,
      message:
        'Delft University of Technology was approved, so your pending application with it is validated.',
      relationTypeId: 8,
      relationTypeName: 'Pending employment or graduate-school application',
      relationId: 3,
    },
  ]);
}

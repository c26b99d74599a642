// Stores one crawled person file in one transaction (docs/dblp.md, "What a crawl stores"): the
// person and their names, unknown co-authors as DBLP-only people, the publications the person
// authored, their author lists, their imported relations with the parties, and the retirement of
// publications DBLP no longer lists for the person. Either all of it lands or none.
import { institutionKey } from '@recuse/common';
import type { Db } from '../../db/client.ts';
import { paperTypeOf, splitDblpName } from '../dblp-people.ts';
import { syncImportedRelations } from '../imported-relations.repo.ts';
import type { PersonFile } from '../parse-person.ts';
import type { Publication } from '../records.ts';
import type { AuthorshipInput, CoauthorInput } from './store-person.repo.ts';
import {
  addCoauthorNames,
  lockPerson,
  markCrawled,
  replaceAuthorships,
  replaceOwnNames,
  resolveCoauthors,
  retireUnlistedPublications,
  updatePersonIdentity,
  upsertPublications,
} from './store-person.repo.ts';

export interface StoredPerson {
  status: 'stored';
  publications: number;
  newPeople: number;
  relationsWritten: number;
  retired: number;
}

export interface StoreRequest {
  userId: number;
  /** The pid the user held when the crawl was asked for. */
  requestedPid: string;
  file: PersonFile;
  refreshDays: number;
}

/** Stores the file, unless the user no longer holds the pid asked for (then nothing changes). */
export async function storePersonFile(
  db: Db,
  request: StoreRequest,
): Promise<StoredPerson | { status: 'stale' }> {
  const { userId, requestedPid, file } = request;
  return db.transaction(async (tx) => {
    const person = await lockPerson(tx, userId);
    if (!person || person.kind === 'deleted' || person.dblpPid !== requestedPid) {
      return { status: 'stale' as const };
    }
    const ownPids = new Set([requestedPid, file.pid]);
    const names = ownNames(file);
    await updatePersonIdentity(tx, userId, {
      pid: file.pid,
      dblpName: names[0]!,
      ...splitDblpName(names[0]!),
    });
    await replaceOwnNames(tx, userId, names);

    const authored = authoredPublications(file, ownPids);
    const coauthors = collectCoauthors(file, authored, ownPids);
    const { userIds, created } = await resolveCoauthors(tx, coauthors);
    for (const pid of ownPids) userIds.set(pid, userId);
    await addCoauthorNames(tx, coauthorNames(coauthors, authored, userIds, ownPids));

    const publicationIds = await upsertPublications(tx, authored.map(publicationInput));
    const ids = authored.map((publication) => publicationIds.get(publication.key)!);
    await replaceAuthorships(tx, ids, authorships(authored, publicationIds, userIds));
    const retired = await retireUnlistedPublications(tx, userId, ids);
    const relations = await syncImportedRelations(tx, { ids: [...ids, ...retired] });
    await markCrawled(
      tx,
      userId,
      file.person.affiliations.map(affiliationNoteText),
      request.refreshDays,
    );
    return {
      status: 'stored' as const,
      publications: authored.length,
      newPeople: created,
      relationsWritten: relations.written,
      retired: retired.length,
    };
  });
}

/** The primary name first (homonym suffix kept: 'Di Xu 0001'), then the aliases. */
function ownNames(file: PersonFile): string[] {
  const names = file.person.names.length > 0 ? file.person.names : [file.name];
  return [...new Set(names.filter(Boolean))];
}

/**
 * Only papers the person wrote: on proceedings they edited, the authors are not co-authors. A
 * key DBLP repeats keeps its last record, as in the dump import.
 */
function authoredPublications(file: PersonFile, ownPids: ReadonlySet<string>): Publication[] {
  const byKey = new Map<string, Publication>();
  for (const publication of file.publications) {
    const isAuthor = publication.authors.some(
      (author) => author.pid !== undefined && ownPids.has(author.pid),
    );
    if (isAuthor && publication.key) byKey.set(publication.key, publication);
  }
  return [...byKey.values()];
}

/** An affiliation note as one line, as the dump import writes it: 'MIT (former)'. */
function affiliationNoteText(note: { text: string; label?: string }): string {
  return note.label ? `${note.text} (${note.label})` : note.text;
}

/** Everyone with a pid on the person's papers, named as DBLP's co-author list names them. */
function collectCoauthors(
  file: PersonFile,
  authored: readonly Publication[],
  ownPids: ReadonlySet<string>,
): CoauthorInput[] {
  const primaryNames = new Map<string, string>();
  for (const coauthor of file.coauthors) {
    if (coauthor.pid) primaryNames.set(coauthor.pid, coauthor.name);
  }
  const byPid = new Map<string, CoauthorInput>();
  for (const publication of authored) {
    for (const author of publication.authors) {
      if (!author.pid || ownPids.has(author.pid) || byPid.has(author.pid)) continue;
      const dblpName = primaryNames.get(author.pid) ?? author.name;
      byPid.set(author.pid, { pid: author.pid, dblpName, ...splitDblpName(dblpName) });
    }
  }
  return [...byPid.values()];
}

/** Each co-author's DBLP name and the names their papers print, for resolving by name. */
function coauthorNames(
  coauthors: readonly CoauthorInput[],
  authored: readonly Publication[],
  userIds: ReadonlyMap<string, number>,
  ownPids: ReadonlySet<string>,
) {
  const names = new Map<string, { name: string; userId: number; isPrimary: boolean }>();
  for (const coauthor of coauthors) {
    const userId = userIds.get(coauthor.pid);
    if (userId !== undefined) {
      names.set(coauthor.dblpName, { name: coauthor.dblpName, userId, isPrimary: true });
    }
  }
  for (const publication of authored) {
    for (const author of publication.authors) {
      const userId = author.pid === undefined ? undefined : userIds.get(author.pid);
      if (userId === undefined || ownPids.has(author.pid!) || names.has(author.name)) continue;
      names.set(author.name, { name: author.name, userId, isPrimary: false });
    }
  }
  return [...names.values()];
}

function publicationInput(publication: Publication) {
  return {
    key: publication.key,
    title: publication.title,
    titleKey: institutionKey(publication.title),
    year: publication.year ?? null,
    venue: publication.venue ?? null,
    kind: publication.kind,
    paperType: paperTypeOf(publication),
  };
}

function authorships(
  authored: readonly Publication[],
  publicationIds: ReadonlyMap<string, number>,
  userIds: ReadonlyMap<string, number>,
): AuthorshipInput[] {
  return authored.flatMap((publication) =>
    publication.authors.map((author, index) => ({
      publicationId: publicationIds.get(publication.key)!,
      position: index + 1,
      userId: author.pid === undefined ? null : (userIds.get(author.pid) ?? null),
      name: author.name,
    })),
  );
}

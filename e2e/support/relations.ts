// Relations in browser tests: what a signed-in page may ask the API directly (to set up a
// state the test is not about), and the places on the pages people read statuses from.
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { readStorage, sessionKeys } from './accounts.ts';

/** The bearer header of the session the page holds (sign in through the form first). */
export async function bearerOf(page: Page): Promise<Record<string, string>> {
  const token = await readStorage(page, sessionKeys.accessToken);
  expect(token, 'the page must be signed in').toBeTruthy();
  return { Authorization: `Bearer ${token}` };
}

export type CoauthorRow = { coauthor_id?: number; coauthor_name?: string };

/** Records a co-authored publication (type 3) through the API; answers its id. */
export async function saveCoauthoredPaper(
  page: Page,
  paper: { title: string; year: number; coauthors: CoauthorRow[] },
): Promise<number> {
  const answer = await page.request.post('/v1/web/relation/data/coauthor_save', {
    headers: await bearerOf(page),
    multipart: {
      relationType: '3',
      publicationName: paper.title,
      dateEndYear: String(paper.year),
      paperType: '1',
      communityPaperId: '0',
      coAuthorDetails: JSON.stringify(
        paper.coauthors.map((row) => ({
          relation_id: '',
          coauthor_id: row.coauthor_id ?? '',
          coauthor_name: row.coauthor_name ?? '',
          status: 3,
        })),
      ),
    },
  });
  const body = (await answer.json()) as { GID?: number; status?: string };
  expect(body.status, JSON.stringify(body)).toBe('CREATED');
  return body.GID!;
}

/** A title nobody else has, so reruns against the same server never meet a duplicate. */
export const uniqueTitle = (words: string) =>
  `${words} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The row of the co-author table that names a person. */
export const coauthorRow = (page: Page, name: string): Locator =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });

/** What a notification says when the institution of a pending application was approved. */
export const applicationValidated =
  'was approved, so your pending application with it is validated.';

/** The notification on the dashboard whose text mentions the given title. */
export const notificationAbout = (page: Page, text: string, title: string): Locator =>
  page
    .getByRole('region', { name: 'Notifications' })
    .getByRole('listitem')
    .filter({ hasText: text })
    .filter({ hasText: title });

/**
 * Records a pending employment or application (type 8) with an institution named by its
 * name, through the API; a name nobody knows yet proposes the institution. Answers its id.
 */
export async function savePendingApplication(page: Page, institutionName: string) {
  const answer = await page.request.post('/v1/web/relation/data/pending_employment_save', {
    headers: await bearerOf(page),
    multipart: {
      relationType: '8',
      relationTypeName: 'Pending employment or graduate-school application',
      rInstitutionName: institutionName,
      dateStartYear: String(new Date().getFullYear()),
      dateStartMonth: '1',
      paperType: '1',
    },
  });
  const body = (await answer.json()) as { GID?: number; status?: string };
  expect(body.status, JSON.stringify(body)).toBe('CREATED');
  return body.GID!;
}

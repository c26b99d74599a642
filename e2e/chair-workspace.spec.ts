// The PC chair's workspace on the demo conference, used as its chair would: from the navigation
// to the workspace, the matrix with its reasons, a decision pinned, HotCRP's assignments file
// downloaded and read (the pinned line ends with ' pin'), an audit of a declared-conflicts file
// with one missed and one unsupported conflict, and the ambiguous author tied to the person the
// chair picks; axe at desktop and phone widths.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { messages } from '@recuse/common';
import { demoSignIn, signIn, signedInBrowser } from './support/accounts.ts';
import { bearerOf, saveCoauthoredPaper, uniqueTitle } from './support/relations.ts';
import { expectNoAxeViolations } from './support/axe.ts';

const chair = demoSignIn('chair');

async function openWorkspace(page: Page) {
  await signIn(page, chair);
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  if (await nav.isVisible()) {
    await nav.getByRole('link', { name: 'Workspace' }).click();
  } else {
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('link', { name: 'Workspace' }).click();
  }
  await page.getByRole('link', { name: 'Demo Conference 2027' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Workspace: Demo Conference 2027' }),
  ).toBeVisible({ timeout: 30_000 });
}

test('the chair reads the matrix, pins a decision, downloads the HotCRP file and audits the declared conflicts', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openWorkspace(page);

  // The heat map is a table whose cells say what they show; the conflicts table gives reasons.
  const heatmap = page.getByRole('table', { name: /Conflicts of each committee member/ });
  await expect(
    heatmap.getByRole('button', { name: /^Alan Turing, paper 1: Personal/ }),
  ).toBeVisible();
  await expect(
    heatmap.getByRole('button', { name: /^Ada Lovelace, paper 1: .*provisional/ }),
  ).toBeVisible();
  const conflicts = page.getByRole('table', { name: /Conflicts and their reasons/ });
  const alanOnPaper1 = conflicts
    .getByRole('row')
    .filter({ hasText: 'Alan Turing' })
    .filter({
      has: page.getByRole('cell', { name: '1', exact: true }),
    });
  await expect(alanOnPaper1).toContainText('Grace Hopper');
  // Alan and Grace's personal relation reaches the chair as a bare conflict: its comment stays
  // with the two of them, and neither the rule that counts it nor a link to it says more
  // (docs/conflicts.md, "Personal relations"). So in the table, the room sheet and the dialog.
  const bare = `${messages.personalRelationWithheld} with Grace Hopper`;
  await expect(alanOnPaper1).toContainText(bare);
  await expect(alanOnPaper1).not.toContainText('Personal relationship');
  const room = page.getByRole('region', { name: 'Who leaves the room' });
  const alanLeaves = room.getByRole('listitem').filter({ hasText: 'Alan Turing' });
  await expect(alanLeaves).toContainText(bare);
  await expect(alanLeaves).not.toContainText('Personal relationship');
  await conflicts.getByRole('button', { name: 'Decide on paper 1 and Alan Turing' }).click();
  const alanDialog = page.getByRole('dialog', { name: 'Paper 1 and Alan Turing' });
  await expect(alanDialog).toContainText(bare);
  await expect(alanDialog).not.toContainText('Personal relationship');
  const personalReason = alanDialog.getByRole('listitem').filter({ hasText: bare });
  await expect(personalReason).toHaveCount(1);
  await expect(personalReason.getByRole('link')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(alanDialog).toBeHidden();
  await expect(page.getByText('We are cousins.')).toHaveCount(0);

  // Edsger's paper 4 conflict comes from the files alone; the chair confirms it, pinned.
  await conflicts.getByRole('button', { name: 'Decide on paper 4 and Edsger Dijkstra' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paper 4 and Edsger Dijkstra' });
  await dialog.getByRole('radio', { name: 'Confirm: a conflict' }).check();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Edsger confirmed he is at TU Delft.');
  await dialog.getByRole('button', { name: 'Save decision' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    heatmap.getByRole('button', { name: /^Edsger Dijkstra, paper 4: .*pinned decision/ }),
  ).toBeVisible();

  // HotCRP's file carries the decision pinned.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'HotCRP assignments (CSV)', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('DEMO-CONF-2027-hotcrp-assignments.csv');
  // Addresses, numbers and keywords only: no cell of this file needs quotes.
  const text = await readFile((await download.path())!, 'utf8');
  const records = text
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
  expect(records[0]).toEqual(['paper', 'action', 'email', 'conflict']);
  const pinned = records.filter((record) => record[3]!.endsWith(' pin'));
  expect(pinned).toEqual([['4', 'conflict', 'edsger@pc.example.org', 'institutional pin']]);
  expect(records).toContainEqual(['1', 'conflict', 'alan@example.org', 'personal']);

  // The changes since that export: nothing has appeared.
  await page.getByRole('tab', { name: 'Versions' }).click();
  await expect(page.getByRole('heading', { name: 'Appeared (0)', exact: true })).toBeVisible();

  // The audit: HotCRP declares Ada on paper 7 (nothing explains it) and not Alan on paper 1.
  await page.getByRole('tab', { name: 'Audit' }).click();
  const declared = [
    'paper,title,given_name,family_name,email,conflicttype',
    '1,Compilers for Everyone,Grace,Hopper,grace@example.org,Author',
    '7,Nothing to Declare,Ada,Lovelace,ada@example.org,Personal',
  ].join('\n');
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: "Upload HotCRP's PC conflicts file" }).click();
  await (
    await choosing
  ).setFiles({ name: 'pcconflicts.csv', mimeType: 'text/csv', buffer: Buffer.from(declared) });
  await expect(page.getByRole('status').filter({ hasText: /^Audit \d+:/ })).toBeVisible();
  const missed = page.getByRole('table', { name: /^Missed/ });
  await expect(
    missed.getByRole('row').filter({ hasText: 'alan@example.org' }).filter({ hasText: 'Personal' }),
  ).toHaveCount(1);
  const unsupported = page.getByRole('table', { name: /^Unsupported/ });
  await expect(unsupported.getByRole('row').filter({ hasText: 'ada@example.org' })).toContainText(
    'No relation, shared institution or shared submission ties Ada Lovelace to an author of paper 7.',
  );
});

test('the chair picks who an ambiguous author is, and the counts and the matrix follow', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await openWorkspace(page);
  const confid = new URL(page.url()).pathname.split('/')[2]!;
  // Paper 3's Di Xu (line 5) has the name of two people of ours: the account di@example.org and
  // the DBLP person 95/7448-1. Set up through the API: Alan wrote a paper with the DBLP person
  // in 2025, which the matrix cannot count while nobody is tied to the line.
  const submissions = await page.request.get(`/v1/web/conference/${confid}/submissions`, {
    headers: await bearerOf(page),
  });
  const [row] = (
    (await submissions.json()) as {
      needs_decision: Array<{ line: number; candidates: Array<{ id: number; dblp_pid: string }> }>;
    }
  ).needs_decision;
  expect(row!.line).toBe(5);
  const dblpDiXu = row!.candidates.find((candidate) => candidate.dblp_pid === '95/7448-1')!;
  const alan = await signedInBrowser(browser, demoSignIn('alan'));
  const relation = await saveCoauthoredPaper(alan.page, {
    title: uniqueTitle('Engines Scheduled Together'),
    year: 2025,
    coauthors: [{ coauthor_id: dblpDiXu.id }],
  });
  const heatmap = page.getByRole('table', { name: /Conflicts of each committee member/ });
  const alanOnPaper3 = heatmap.getByRole('button', { name: /^Alan Turing, paper 3: Collaborator/ });
  await page.reload();
  await expect(heatmap).toBeVisible({ timeout: 30_000 });
  await expect(alanOnPaper3).toHaveCount(0);

  await page.getByRole('tab', { name: 'Uploads' }).click();
  const counts = page.getByRole('group', { name: 'Submissions: counts' });
  await expect(counts).toContainText('1 ambiguous');
  const choice = page.getByRole('radiogroup', { name: /^Line 5 \(paper 3\): Di Xu/ });
  await expect(choice).toHaveAccessibleDescription(/^Needs a decision/);
  // The candidates are told apart by their address's domain and DBLP pid.
  await expect(choice.getByRole('radio', { name: /address at example\.org/ })).toBeVisible();
  await choice.getByRole('radio', { name: /DBLP 95\/7448-1/ }).check();
  await page.getByRole('button', { name: 'Save the choice for line 5' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Line 5 is now Di Xu/ })).toBeVisible();
  await expect(counts).toContainText('0 ambiguous');
  await expect(choice).toHaveAccessibleDescription(/^Tied to Di Xu by Frances Allen/);

  // The matrix counts the person picked: Alan's paper with them, provisional until they answer.
  await page.getByRole('tab', { name: 'Matrix' }).click();
  await expect(alanOnPaper3).toBeVisible();
  await expect(alanOnPaper3).toHaveAccessibleName(/provisional/);

  // The paper goes again, so the demo's relations are as other tests expect them.
  const deleted = await alan.page.request.post('/v1/web/relation/data/delete', {
    headers: await bearerOf(alan.page),
    form: { GID: String(relation) },
  });
  expect(deleted.status(), await deleted.text()).toBe(200);
  await alan.context.close();
});

for (const width of [1280, 375]) {
  test(`the workspace passes axe at ${width} px`, async ({ page }) => {
    // Three pages through axe on a busy machine.
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height: 900 });
    await openWorkspace(page);
    await expect(
      page.getByRole('table', { name: /Conflicts of each committee member/ }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('tab', { name: 'Uploads' }).click();
    await expect(page.getByRole('heading', { name: 'Program committee' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('tab', { name: 'Audit' }).click();
    await expect(
      page.getByRole('heading', { name: "Audit of HotCRP's declared conflicts" }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

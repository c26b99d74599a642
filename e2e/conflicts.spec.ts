// The conflicts page against the real server and the demo data (docs/product.md, "The screens",
// Conflicts): Ada picks the Default conference, unticks a rule (the list hides until Generate),
// reads who conflicts with her and why, downloads the HotCRP collaborators text and reads it back
// line by line, and looks at the picture.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { demoSignIn, signIn, waitForPageSettled } from './support/accounts.ts';
import { bearerOf } from './support/relations.ts';

const ada = demoSignIn('ada');

const generate = (page: Page) =>
  page.getByRole('button', { name: 'Generate conflict list' }).click();
const peopleHeading = (page: Page) => page.getByRole('heading', { name: /^People \(\d+\)$/ });
const personButton = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(`^${name}`) });
/** The reasons of one person, once their entry is open. */
const reasonsOf = (page: Page, name: string) =>
  page.getByRole('region', { name: new RegExp(`^${name}`) });

/** A collaborators line as HotCRP reads it: `Name (Affiliation)`, `Name`, or `All (Institution)`. */
const hotcrpLine = /^(All \([^()]+\)|[^(),;#"]+?( \(.+\))?)$/;

/** A conference of Ada's own with one rule, so there is a second conference to pick. */
async function createConference(page: Page) {
  const name = `E2E-${Date.now() % 1_000_000}`;
  const ruleTitle = 'Co-authored publication within 10 years';
  const headers = await bearerOf(page);
  const created = await page.request.post('/v1/web/conference/data/save', {
    headers,
    data: { name, label: `Conference ${name}`, reference_date: null },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { conference } = (await created.json()) as { conference: { confid: number } };
  const rule = await page.request.post(`/v1/web/conference/data/rule/save/${conference.confid}`, {
    headers,
    data: {
      rule_title: ruleTitle,
      relation_type_id: 3,
      operation_txt: 'WITHIN_X_YEARS',
      number_of_year: 10,
    },
  });
  expect(rule.status(), await rule.text()).toBe(200);
  return { name, label: `Conference ${name}`, confid: conference.confid, ruleTitle };
}

async function deleteConference(page: Page, confid: number) {
  const deleted = await page.request.post(`/v1/web/conference/data/delete/${confid}`, {
    headers: await bearerOf(page),
  });
  expect(deleted.status(), await deleted.text()).toBe(200);
}

test('Ada generates her conflicts under the Default rules, exports them and sees the picture', async ({
  page,
}) => {
  await signIn(page, ada);
  const ownConference = await createConference(page);
  await page.getByRole('link', { name: 'View conflicts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'View conflicts' })).toBeVisible();
  await waitForPageSettled(page);

  // Picking a conference gives it its own URL and its own rules, all ticked.
  const conference = page.getByRole('combobox', { name: 'Conference' });
  await expect(conference).toHaveValue('Default');
  await conference.click();
  await page.getByRole('option', { name: ownConference.label }).click();
  await expect(page).toHaveURL(
    `/relations/conflicts/${ownConference.name}/${ownConference.confid}`,
  );
  await waitForPageSettled(page);
  await expect(page.getByRole('checkbox', { name: ownConference.ruleTitle })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /^Ph\.D\. advisor/ })).toHaveCount(0);
  await generate(page);
  // Di Xu's imported paper (2019) counts within 10 years, not within the Default 4.
  await expect(personButton(page, 'Di Xu')).toBeVisible();

  // Back to Default: the list is gone, every rule ticked, the read-only ones locked.
  await conference.click();
  await page.getByRole('option', { name: 'Default' }).click();
  await expect(page).toHaveURL(/\/relations\/conflicts\/DEFAULT\/\d+$/);
  await waitForPageSettled(page);
  // Ada's own conference has served; deleted, she chairs nothing again (other specs read her
  // navigation as a researcher's).
  await deleteConference(page, ownConference.confid);
  await expect(peopleHeading(page)).toBeHidden();
  const advisorRule = page.getByRole('checkbox', { name: /^Ph\.D\. advisor or advisee/ });
  await expect(advisorRule).toBeChecked();
  await expect(advisorRule).toBeDisabled();

  await generate(page);
  await expect(peopleHeading(page)).toBeVisible();

  // Unticking a rule hides the list until Generate is pressed again.
  const coauthorRule = page.getByRole('checkbox', {
    name: 'Co-authored publication within 4 years',
  });
  await coauthorRule.uncheck();
  await expect(peopleHeading(page)).toBeHidden();
  await generate(page);
  await expect(peopleHeading(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Institutions \(\d+\)$/ })).toBeVisible();

  // Alan: her advisor (always), a firm conflict with the reason and a link to the relation.
  await expect(personButton(page, 'Alan Turing')).not.toContainText('Provisional');
  await personButton(page, 'Alan Turing').click();
  const advisorReason = reasonsOf(page, 'Alan Turing')
    .getByRole('row')
    .filter({ hasText: 'Ph.D. advisor or advisee (always)' });
  await expect(advisorReason).toContainText('2015 – 2019');
  await expect(advisorReason.getByRole('link', { name: /^View relation \d+$/ })).toHaveAttribute(
    'href',
    /^\/relations\/view\/\d+$/,
  );
  // No reason comes from a co-authored publication any more: that rule is unticked.
  await expect(
    reasonsOf(page, 'Alan Turing').getByRole('cell', {
      name: 'Co-authored publication within 4 years',
    }),
  ).toHaveCount(0);

  // Grace: only a pending award and a disputed grant tie them, so she is provisional.
  await expect(personButton(page, 'Grace Hopper')).toContainText('Provisional');
  await personButton(page, 'Grace Hopper').click();
  const graceReasons = reasonsOf(page, 'Grace Hopper');
  await expect(
    graceReasons.getByRole('row').filter({ hasText: 'Best Paper Award, Demo Conference' }),
  ).toContainText('Pending');
  await expect(
    graceReasons.getByRole('row').filter({ hasText: 'Engines for Everyone Fellowship' }),
  ).toContainText('Disputed');

  // The HotCRP text: Alan firm, Grace after the provisional comment, every line HotCRP-shaped.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download HotCRP text' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('conflicts-DEFAULT.txt');
  const lines = (await readFile(await download.path(), 'utf8')).split('\n');
  expect(lines.at(-1)).toBe('');
  const entries = lines.slice(0, -1);
  const provisionalAt = entries.findIndex((line) => line.startsWith('#'));
  expect(provisionalAt).toBeGreaterThan(0);
  const firm = entries.slice(0, provisionalAt);
  const provisional = entries.slice(provisionalAt + 1);
  expect(firm.some((line) => line.startsWith('Alan Turing'))).toBe(true);
  expect(provisional.some((line) => line.startsWith('Grace Hopper'))).toBe(true);
  for (const line of [...firm, ...provisional]) expect(line).toMatch(hotcrpLine);
  await expect(
    page.getByRole('status').filter({ hasText: 'Downloaded conflicts-DEFAULT.txt.' }),
  ).toBeVisible();

  // Copy puts the same text on the clipboard, and says so.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy HotCRP text' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Copied the HotCRP collaborators text.' }),
  ).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(lines.join('\n'));

  // The picture: Ada in the middle, the people she is related to, the conflicts ringed.
  await page.getByRole('tab', { name: 'Picture' }).click();
  const picture = page.getByRole('img', { name: /^Showing \d+ of \d+ (people|person)/ });
  await expect(picture).toBeVisible();
  await expect(
    picture.locator('[data-person-id]').filter({ hasText: 'Alan Turing' }),
  ).toHaveAttribute('data-conflict', 'conflict');
  await expect(
    picture.locator('[data-person-id]').filter({ hasText: 'Grace Hopper' }),
  ).toHaveAttribute('data-conflict', 'provisional');
  // Every name is written whole, inside the picture, over no other; those straight above and
  // below the centre read level rather than turned on end.
  const labels = await picture.locator('[data-person-id] text').evaluateAll((texts) => {
    const frame = (texts[0] as SVGTextElement).ownerSVGElement!.getBoundingClientRect();
    return texts.map((text) => {
      const box = text.getBoundingClientRect();
      const person = text.parentElement!;
      const circle = person.querySelector('circle:last-of-type')!.getBoundingClientRect();
      const centre = { x: circle.x + circle.width / 2, y: circle.y + circle.height / 2 };
      return {
        name: text.textContent ?? '',
        box: { left: box.left, right: box.right, top: box.top, bottom: box.bottom },
        inside:
          box.left >= frame.left - 1 &&
          box.right <= frame.right + 1 &&
          box.top >= frame.top - 1 &&
          box.bottom <= frame.bottom + 1,
        isTurned: (text.getAttribute('transform') ?? '').includes('rotate'),
        // Straight above or below the picture's centre: within a tenth of its width.
        isVertical: Math.abs(centre.x - (frame.left + frame.width / 2)) < frame.width / 10,
      };
    });
  });
  expect(labels.length).toBeGreaterThan(1);
  for (const label of labels) {
    expect(label.inside, label.name).toBe(true);
    expect(label.name, label.name).not.toMatch(/…$/);
    if (label.isVertical) expect(label.isTurned, label.name).toBe(false);
  }
  expect(labels.some((label) => label.isVertical)).toBe(true);
  for (const [index, first] of labels.entries()) {
    for (const second of labels.slice(index + 1)) {
      const overlaps =
        first.box.left < second.box.right &&
        second.box.left < first.box.right &&
        first.box.top < second.box.bottom &&
        second.box.top < first.box.bottom;
      expect(overlaps, `${first.name} and ${second.name}`).toBe(false);
    }
  }

  const { violations } = await new AxeBuilder({ page }).analyze();
  const summary = violations.map((violation) => ({
    rule: violation.id,
    help: violation.help,
    targets: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
  }));
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
});

test('a link to a conference that does not exist says so', async ({ page }) => {
  await signIn(page, ada);
  await page.goto('/relations/conflicts/NO-SUCH-CONFERENCE/999999');
  await expect(page.getByRole('alert')).toContainText(
    "We could not find the conference 'NO-SUCH-CONFERENCE'.",
  );
});

import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { demo, DEMO_PASSWORD, signInAs } from '../support/session';

/**
 * The e2e server has no internet: before these tests an administrator imports
 * the small hand-made USFM fixture as BSB through the API (the same call
 * `npm run bible:import -- --server` makes), so every answer is deterministic.
 */
const FIXTURE_DIR = path.resolve(import.meta.dirname, '../../server/src/modules/bible/fixtures/usfm');

test.beforeAll(async ({ request }) => {
  const login = await request.post('/api/auth/login', { data: { email: demo.admin, password: DEMO_PASSWORD } });
  expect(login.ok()).toBeTruthy();
  const { token } = await login.json();
  const files = fs
    .readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith('.usfm'))
    .map((name) => ({ name, content: fs.readFileSync(path.join(FIXTURE_DIR, name), 'utf8') }));
  const res = await request.post('/api/bible/translations', {
    headers: { authorization: `Bearer ${token}` },
    data: { id: 'BSB', name: 'Berean Standard Bible', files },
  });
  expect(res.status(), await res.text()).toBe(201);
});

test.use({ viewport: { width: 390, height: 844 } });

async function openBible(page: Page) {
  await signInAs(page, demo.member);
  await page.goto('/mobile/bible');
  await expect(page.getByRole('heading', { name: 'Daily Bible' })).toBeVisible();
}

async function openChapter(page: Page, book: string, chapter: number) {
  await page.getByRole('button', { name: 'Browse Books' }).click();
  await page.getByRole('button', { name: book, exact: true }).click();
  await page.getByRole('button', { name: `Chapter ${chapter}`, exact: true }).click();
  await expect(page.getByRole('heading', { name: `${book} ${chapter}` }).first()).toBeVisible();
}

test('browse Genesis → chapter 1 → verses, and Back goes up one level each time', async ({ page }) => {
  await openBible(page);
  await page.getByRole('button', { name: 'Browse Books' }).click();
  await expect(page.getByRole('heading', { name: 'Old Testament' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New Testament' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Old Testament' }).getByRole('button')).toHaveCount(39);
  await expect(page.getByRole('region', { name: 'New Testament' }).getByRole('button')).toHaveCount(27);
  await page.getByRole('button', { name: 'Genesis', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Genesis' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Chapter \d+$/ })).toHaveCount(50);
  await page.getByRole('button', { name: 'Chapter 1', exact: true }).click();
  const text = page.getByTestId('chapter-text');
  await expect(text.getByRole('heading', { name: 'The Creation' })).toBeVisible();
  await expect(text).toContainText('In the beginning God created the heavens and the earth.');
  await expect(text.locator('[data-verse]')).toHaveCount(31);

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('button', { name: 'Chapter 1', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Books of the Bible' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('tab', { name: 'Daily Verse' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
});

test('a chapter has its own address, and the phone back button steps up too', async ({ page }) => {
  await signInAs(page, demo.member);
  await page.goto('/mobile/bible?book=PSA&chapter=23');
  const text = page.getByTestId('chapter-text');
  await expect(text.getByRole('heading', { name: 'The LORD Is My Shepherd' })).toBeVisible();
  await expect(text).toContainText('The LORD is my shepherd;');
  await expect(text).toContainText('A Psalm of David.');
  await page.getByRole('button', { name: 'Next chapter' }).click();
  await expect(page).toHaveURL(/book=PSA&chapter=24/);
  await page.goto('/mobile/bible');
  await page.getByRole('button', { name: 'Browse Books' }).click();
  await page.getByRole('button', { name: 'Psalms', exact: true }).click();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Books of the Bible' })).toBeVisible();
});

test("search 'love' returns at most 10 verses; an empty term asks for one", async ({ page }) => {
  await openBible(page);
  await page.getByRole('tab', { name: 'Search' }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Please enter a search term')).toBeVisible();
  await page.getByLabel('Search the Bible').fill('love');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByTestId('verse-card');
  await expect(results.first()).toBeVisible();
  const n = await results.count();
  expect(n).toBeGreaterThan(0);
  expect(n).toBeLessThanOrEqual(10);
  await expect(results.first()).toContainText(/love/i);
  await page.getByLabel('Search the Bible').fill('zzzqqq');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('No verses found matching your search. Try browsing instead.').first()).toBeVisible();
});

test('bookmark a verse, see it in Bookmarks, remove it', async ({ page }) => {
  await openBible(page);
  await openChapter(page, 'John', 3);
  await page.locator('[data-verse="16"]').first().click();
  const actions = page.getByTestId('verse-actions');
  await expect(actions).toContainText('John 3:16');
  await actions.getByRole('button', { name: 'Bookmark verse' }).click();
  await expect(page.getByText('Verse bookmarked')).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Remove bookmark' })).toBeVisible();
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('tab', { name: /Bookmarks/ }).click();
  const card = page.getByTestId('verse-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('John 3:16');
  await expect(card).toContainText('For God so loved the world');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('bibleBookmarks') ?? '[]'));
  expect(stored).toEqual([
    expect.objectContaining({ reference: 'John 3:16', version: 'BSB', id: expect.any(Number), dateAdded: expect.any(String) }),
  ]);
  await card.getByRole('button', { name: 'Remove bookmark' }).click();
  await expect(page.getByText('Bookmark removed')).toBeVisible();
  await expect(page.getByText('No bookmarks yet')).toBeVisible();
});

test("the daily verse is shown from the church's Bible service", async ({ page }) => {
  await openBible(page);
  const verse = page.getByTestId('daily-verse-text');
  await expect(verse).toBeVisible();
  await expect(verse).not.toHaveText('');
  await expect(page.getByText(/\(BSB\)$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Read aloud' })).toBeVisible();
});

test('version chips switch: NIV is BSB-only, KJV without the internet shows the placeholder chapter', async ({ page }) => {
  await openBible(page);
  const chips = page.getByRole('radiogroup', { name: 'Bible version' });
  await expect(chips.getByRole('radio', { name: 'BSB' })).toBeChecked();
  await chips.getByText('NIV').click();
  await expect(chips.getByRole('radio', { name: 'NIV' })).toBeChecked();
  await openChapter(page, 'Genesis', 1);
  await expect(page.getByTestId('chapter-text')).toContainText('Available in BSB version only');

  await chips.getByText('KJV').click();
  await expect(chips.getByRole('radio', { name: 'KJV' })).toBeChecked();
  await expect(page.getByText('Failed to load chapter').first()).toBeVisible();
  await expect(page.getByTestId('chapter-text')).toContainText('temporarily unavailable');

  await chips.getByText('BSB').click();
  await expect(page.getByTestId('chapter-text')).toContainText('In the beginning God created the heavens and the earth.');
  await page.reload();
  await expect(page.getByRole('radiogroup', { name: 'Bible version' }).getByRole('radio', { name: 'BSB' })).toBeChecked();
});

import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { snap, WIDTHS } from '../support/look';
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

/** King James wording (public domain) of the seven daily-verse references: imported as KJV so the KJV chip has text offline. */
const KJV: Record<string, { book: string; name: string; chapter: number; verse: number; text: string }> = {
  'John 3:16': {
    book: 'JHN',
    name: 'John',
    chapter: 3,
    verse: 16,
    text: 'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.',
  },
  'Philippians 4:13': {
    book: 'PHP',
    name: 'Philippians',
    chapter: 4,
    verse: 13,
    text: 'I can do all things through Christ which strengtheneth me.',
  },
  'Psalm 23:1': { book: 'PSA', name: 'Psalms', chapter: 23, verse: 1, text: 'The LORD is my shepherd; I shall not want.' },
  'Jeremiah 29:11': {
    book: 'JER',
    name: 'Jeremiah',
    chapter: 29,
    verse: 11,
    text: 'For I know the thoughts that I think toward you, saith the LORD, thoughts of peace, and not of evil, to give you an expected end.',
  },
  'Romans 8:28': {
    book: 'ROM',
    name: 'Romans',
    chapter: 8,
    verse: 28,
    text: 'And we know that all things work together for good to them that love God, to them who are the called according to his purpose.',
  },
  'Isaiah 41:10': {
    book: 'ISA',
    name: 'Isaiah',
    chapter: 41,
    verse: 10,
    text: 'Fear thou not; for I am with thee: be not dismayed; for I am thy God: I will strengthen thee; yea, I will help thee; yea, I will uphold thee with the right hand of my righteousness.',
  },
  'Matthew 11:28': {
    book: 'MAT',
    name: 'Matthew',
    chapter: 11,
    verse: 28,
    text: 'Come unto me, all ye that labour and are heavy laden, and I will give you rest.',
  },
};

async function importKjv(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { email: demo.admin, password: DEMO_PASSWORD } });
  const { token } = await login.json();
  const files = Object.values(KJV).map((v) => ({
    name: `${v.book}.usfm`,
    content: `\\id ${v.book}\n\\h ${v.name}\n\\toc1 ${v.name}\n\\mt1 ${v.name}\n\\c ${v.chapter}\n\\p\n\\v ${v.verse} ${v.text}\n`,
  }));
  const res = await request.post('/api/bible/translations', {
    headers: { authorization: `Bearer ${token}` },
    data: { id: 'KJV', name: 'King James Version', files },
  });
  expect(res.status(), await res.text()).toBe(201);
}

// The links issue 18 fixed, at both widths: /mobile/bible is the phone's page and, at 1280 px, the same page in the desktop shell.
for (const w of WIDTHS) {
  test.describe(`at ${w.width} px`, () => {
    test.use({ viewport: { width: w.width, height: w.height } });

    test('version chips: NIV is offered disabled with the reason; KJV reads its own text, and a chapter it lacks is one clear error', async ({
      page,
    }) => {
      await importKjv(page.request);
      await openBible(page);
      const chips = page.getByRole('radiogroup', { name: 'Bible version' });
      await expect(chips.getByRole('radio', { name: 'BSB' })).toBeChecked();
      await expect(chips.getByRole('radio', { name: 'NIV' })).toBeDisabled();
      await expect(page.getByText('NIV is not available: under copyright, and not licensed to this church.')).toBeVisible();

      // The verse of the day follows the chip: KJV wording, labelled (KJV).
      await chips.getByText('KJV').click();
      await expect(chips.getByRole('radio', { name: 'KJV' })).toBeChecked();
      const verse = page.getByTestId('daily-verse-text');
      await expect(page.getByText(/\(KJV\)$/)).toBeVisible();
      const reference = ((await page.getByText(/\(KJV\)$/).textContent()) ?? '').replace(/^— /, '').replace(/ \(KJV\)$/, '');
      expect(Object.keys(KJV)).toContain(reference);
      await expect(verse).toHaveText(`“${KJV[reference]!.text}”`);

      // Genesis is not in this KJV: one banner says so, with no toast and no made-up verse beside it.
      await openChapter(page, 'Genesis', 1);
      const error = page.getByTestId('chapter-error');
      await expect(error).toContainText('Failed to load chapter');
      await expect(error).toContainText('This chapter is temporarily unavailable. Please try again later.');
      await expect(page.getByTestId('chapter-text')).toHaveCount(0);
      await expect(page.getByText('Failed to load books list')).toHaveCount(0);
      await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);

      await chips.getByText('BSB').click();
      await expect(page.getByTestId('chapter-text')).toContainText('In the beginning God created the heavens and the earth.');
      await expect(error).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('radiogroup', { name: 'Bible version' }).getByRole('radio', { name: 'BSB' })).toBeChecked();
    });

    test("'Refresh verse' shows another verse", async ({ page }) => {
      await openBible(page);
      const reference = page.getByText(/\(BSB\)$/);
      await expect(reference).toBeVisible();
      const before = await reference.textContent();
      await page.getByRole('button', { name: 'Refresh verse' }).click();
      await expect(page.getByText('Daily verse refreshed')).toBeVisible();
      await expect(reference).not.toHaveText(before!);
      await expect(page.getByTestId('daily-verse-text')).not.toHaveText('');
    });

    test('a footnote mark opens its note, and Escape closes it', async ({ page }, info) => {
      await signInAs(page, demo.member);
      await page.goto('/mobile/bible?book=GEN&chapter=1');
      const mark = page.getByRole('button', { name: 'Footnote 1:3' });
      await mark.click();
      const note = page.getByRole('dialog', { name: 'Footnote 1:3' });
      await expect(note).toContainText('Cited in 2 Corinthians 4:6');
      await snap(page, info, `footnote-${w.name}`, { fullPage: false });
      // The tap opened the note only: no verse was selected by it.
      await expect(page.getByTestId('verse-actions')).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(note).toHaveCount(0);
      // The keyboard's way to a verse: its number is a button.
      await page.getByRole('button', { name: 'Verse 3', exact: true }).press('Enter');
      await expect(page.getByTestId('verse-actions')).toContainText('Genesis 1:3');
    });
  });
}

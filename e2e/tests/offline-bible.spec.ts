import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, snap, WIDTHS } from '../support/look';
import { signUpFresh } from '../support/session';

/**
 * The installed app (issue 18): "the app shell, the Bible reader with the shipped translation and the
 * member's bookmarks work offline". The service worker keeps the app shell and every Bible chapter a member
 * has read, however it was reached (an address, Browse Books, Next chapter), so with the network cut each of
 * them opens again inside the shell of the device's width; bookmarks are kept, added and removed offline;
 * nothing from the private API is ever in its caches. Each width is its own browser context, so its own
 * worker installs from nothing.
 */

/** Chapters the test reads online; each is in the shipped BSB and in the small fixture bible.spec.ts imports as BSB. */
const READ = [
  { book: 'PSA', name: 'Psalms', chapter: 23, phrase: 'The LORD is my shepherd' },
  { book: 'GEN', name: 'Genesis', chapter: 1, phrase: 'In the beginning God created' },
  { book: 'JHN', name: 'John', chapter: 3, phrase: 'For God so loved the world' },
] as const;

const cachedBibleUrls = (page: Page) =>
  page.evaluate(async () => (await (await caches.open('bible-v1')).keys()).map((r) => new URL(r.url).pathname));

/** Waits until the worker controls this page (the worker may finish activating while the page loads). */
async function untilControlled(page: Page, check: () => Promise<void>) {
  await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready), null, { timeout: 30_000 });
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) {
    // clients.claim() can miss a page mid-navigation (it failed once in CI); the next visit is controlled, as a member's would be.
    await page.reload();
    await check();
  }
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 30_000 });
}

async function expectShell(page: Page, phone: boolean) {
  if (phone) await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bible' })).toBeVisible();
  else await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Overview' })).toBeVisible();
}

async function bookmarkVerse(page: Page, verse: number, reference: string) {
  await page.locator(`[data-verse="${verse}"]`).first().click();
  const actions = page.getByTestId('verse-actions');
  await expect(actions).toContainText(reference);
  await actions.getByRole('button', { name: 'Bookmark verse' }).click();
  await expect(page.getByText('Verse bookmarked')).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Remove bookmark' })).toBeVisible();
}

// The one thing under test here is the service worker, which the config blocks for every other spec.
test.use({ serviceWorkers: 'allow' });

for (const w of WIDTHS) {
  test(`at ${w.width} px: every chapter read once opens with the network cut, and bookmarks work offline`, async ({
    page,
    context,
  }, info) => {
    test.setTimeout(120_000);
    const phone = w.name === 'phone';
    await page.setViewportSize({ width: w.width, height: w.height });
    await signUpFresh(page, `Thandi Offline ${w.name}`);
    const manifest = await page.request.get('/manifest.webmanifest');
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    const app = await manifest.json();
    expect(app).toMatchObject({ name: 'Grace Harvest Community Church', display: 'standalone', start_url: '/mobile/dashboard' });
    expect(app.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

    // Online: the first chapter by its address, before the worker controls the page (the page tells it what it loaded).
    const text = page.getByTestId('chapter-text');
    const [psalm, genesis, john] = READ;
    await page.goto(`/mobile/bible?book=${psalm.book}&chapter=${psalm.chapter}`);
    await expect(text).toContainText(psalm.phrase);
    await untilControlled(page, () => expect(text).toContainText(psalm.phrase));
    await expectShell(page, phone);
    // The second through the book list, the third by its address again, now under the worker.
    await page.goto('/mobile/bible');
    await page.getByRole('button', { name: 'Browse Books' }).click();
    await page.getByRole('button', { name: genesis.name, exact: true }).click();
    await page.getByRole('button', { name: `Chapter ${genesis.chapter}`, exact: true }).click();
    await expect(text).toContainText(genesis.phrase);
    await page.goto(`/mobile/bible?book=${john.book}&chapter=${john.chapter}`);
    await expect(text).toContainText(john.phrase);
    await bookmarkVerse(page, 16, 'John 3:16');
    await page.waitForFunction(
      async (wanted) => {
        const urls = (await (await caches.open('bible-v1')).keys()).map((r) => new URL(r.url).pathname);
        return wanted.every((w) => urls.some((u) => u.startsWith(w)));
      },
      [...READ.map((r) => `/api/bible/BSB/${r.book}/${r.chapter}`), '/api/bible/BSB/books.json'],
      { timeout: 30_000 },
    );
    // Some other page's private data passes by untouched.
    await page.goto('/mobile/giving');
    await expect(page.getByRole('heading', { name: 'My Giving' })).toBeVisible();

    await context.setOffline(true);
    try {
      // Each chapter read, by its address: the worker answers the navigation with the shell and the chapter from its cache.
      for (const r of READ) {
        await page.goto(`/mobile/bible?book=${r.book}&chapter=${r.chapter}`);
        await expect(text).toContainText(r.phrase, { timeout: 15_000 });
        await expect(page.getByTestId('chapter-error')).toHaveCount(0);
      }
      await expectShell(page, phone);
      // The header's mark is there, not a broken image: the shell's own files are kept too.
      const mark = page.getByRole('banner').locator('img').first();
      await expect.poll(() => mark.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await snap(page, info, `offline-chapter-${w.name}`);
      await expectAccessible(page);

      // And through the book list, which is kept too.
      await page.goto('/mobile/bible');
      await page.getByRole('button', { name: 'Browse Books' }).click();
      await page.getByRole('button', { name: psalm.name, exact: true }).click();
      await page.getByRole('button', { name: `Chapter ${psalm.chapter}`, exact: true }).click();
      await expect(text).toContainText(psalm.phrase, { timeout: 15_000 });
      // A bookmark made offline.
      await bookmarkVerse(page, 1, 'Psalms 23:1');
      // A chapter never read says so plainly, in one place.
      await page.getByRole('button', { name: /^Next chapter/ }).click();
      await expect(page.getByTestId('chapter-error')).toContainText('You are offline');
      await expect(text).toHaveCount(0);

      // Bookmarks, offline, after a reload: both verses with their text, newest first; one removed.
      await page.goto('/mobile/bible');
      await page.getByRole('tab', { name: /Bookmarks/ }).click();
      const cards = page.getByTestId('verse-card');
      await expect(cards).toHaveCount(2);
      await expect(cards.nth(0)).toContainText('Psalms 23:1');
      await expect(cards.nth(0)).toContainText(psalm.phrase);
      await expect(cards.nth(1)).toContainText('John 3:16');
      await expect(cards.nth(1)).toContainText(john.phrase);
      await expectShell(page, phone);
      await snap(page, info, `offline-bookmarks-${w.name}`);
      await cards.filter({ hasText: 'John 3:16' }).getByRole('button', { name: 'Remove bookmark' }).click();
      await expect(page.getByText('Bookmark removed')).toBeVisible();
      await expect(cards).toHaveCount(1);
      await page.reload();
      await page.getByRole('tab', { name: /Bookmarks/ }).click();
      await expect(cards).toHaveCount(1);
      await expect(cards).toContainText('Psalms 23:1');

      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
        return urls;
      });
      expect(cached.filter((u) => u.startsWith('/api/') && !u.startsWith('/api/bible/'))).toEqual([]);
      expect(cached).toEqual(expect.arrayContaining(['/mobile/bible', '/favicon.svg', '/color-scheme.js']));
      expect(await cachedBibleUrls(page)).not.toContain(`/api/bible/BSB/${psalm.book}/${psalm.chapter + 1}.json`);
    } finally {
      await context.setOffline(false);
    }
  });
}

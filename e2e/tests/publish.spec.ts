import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { demo, signInAs } from '../support/session';
import { expectAccessible, snap, WIDTHS } from '../support/look';

// Uploads, two browsers and four pages per test: more than the default budget on a shared machine.
test.describe.configure({ timeout: 150_000 });

const MEDIA = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../server/src/db/seed/media');
const VIDEO = path.join(MEDIA, 'sermon-sample.webm');
/** A real MP3 of about 5.8 s (56 kbps mono), the seeded sermons' audio. */
const AUDIO = path.join(MEDIA, 'sermon-sample.mp3');
const IMAGES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../web/public/images/hero');
/** Any photo the site ships works as a thumbnail. */
const THUMB = path.join(
  IMAGES,
  fs.readdirSync(IMAGES).find((f) => /\.(jpe?g|png|webp)$/i.test(f))!,
);

/** Slows the upload (CDP network emulation) so the progress bar is on screen long enough to see it move. */
async function throttleUpload(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return () => cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
}

test('a pastor prepares a sermon, uploads it with a video, an audio file and a thumbnail, and a visitor seeks in both until it is unpublished', async ({
  page,
  browser,
}) => {
  const title = `Grace Upon Grace ${Date.now()}`;
  await signInAs(page, demo.pastor);
  await page.goto('/sermons/prepare');
  await page.getByLabel('Sermon title').fill(title);
  await page.getByLabel('Scripture references').fill('John 1:14-18');
  await page.getByLabel('Outline').fill('1. Full of grace\n2. Grace upon grace');
  await page.getByRole('button', { name: 'Save Preparation' }).click();
  await expect(page.getByText('Sermon preparation saved')).toBeVisible();
  await page.getByRole('link', { name: 'Upload as sermon' }).click();
  await expect(page).toHaveURL(/\/sermons\/upload\?preparation=/);
  // Exactly "Title": "Sermon title" on the page being left would match too while the upload page loads.
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);

  // The spec's own order of checks: the speaker comes before the media.
  await page.getByRole('button', { name: 'Upload Sermon' }).click();
  await expect(page.getByText('Please enter a speaker name').first()).toBeVisible();
  await page.getByLabel('Speaker').fill('Pastor David Nkosi');
  await page.getByRole('button', { name: 'Upload Sermon' }).click();
  await expect(page.getByText('Please upload at least one media file (video or audio)').first()).toBeVisible();

  const inputs = page.locator('input[type="file"]');
  await inputs.nth(0).setInputFiles(VIDEO);
  await inputs.nth(1).setInputFiles(AUDIO);
  await inputs.nth(2).setInputFiles(THUMB);
  const restore = await throttleUpload(page, 60_000);
  await page.getByRole('button', { name: 'Upload Sermon' }).click();
  const bar = page.getByRole('progressbar', { name: 'Upload progress' });
  await expect(bar).toBeVisible();
  await expect(page.getByLabel('Title')).toBeDisabled();
  await expect(page).toHaveURL(/\/sermons$/, { timeout: 30_000 });
  await restore();
  await expect(page.getByText('Sermon uploaded successfully!')).toBeVisible();

  // A visitor finds it and seeks in the player.
  const visitor = await browser.newPage();
  await visitor.goto('/sermons');
  await visitor.getByLabel('Search sermons').fill(title);
  await expect(visitor.getByText(title)).toBeVisible();
  await visitor.getByRole('button', { name: 'Watch' }).first().click();
  const video = visitor.locator('video');
  await expect(video).toBeVisible();
  await video.evaluate(
    (v: HTMLVideoElement) => new Promise((r) => (v.readyState >= 1 ? r(null) : v.addEventListener('loadedmetadata', () => r(null)))),
  );
  const seeked = await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((r) => {
        v.addEventListener('seeked', () => r(v.currentTime), { once: true });
        v.currentTime = 5;
      }),
  );
  expect(seeked).toBeGreaterThan(4.5);
  await visitor.keyboard.press('Escape');
  await expect(video).toHaveCount(0);

  // And in the audio player: the uploaded MP3 is served with HTTP Range (206), and a seek lands where asked.
  const ranged = visitor.waitForResponse((r) => /\/audio|\.mp3/.test(r.url()) && r.status() === 206);
  await visitor.getByRole('button', { name: 'Listen' }).first().click();
  const audio = visitor.getByTestId('sermon-audio');
  await expect(audio).toBeAttached();
  expect((await ranged).headers()['content-range']).toMatch(/^bytes \d+-\d+\/\d+$/);
  const duration = await audio.evaluate(
    (a: HTMLAudioElement) =>
      new Promise<number>((r) => (a.readyState >= 1 ? r(a.duration) : a.addEventListener('loadedmetadata', () => r(a.duration)))),
  );
  expect(duration).toBeGreaterThan(4);
  const heard = await audio.evaluate(
    (a: HTMLAudioElement) =>
      new Promise<number>((r) => {
        a.addEventListener('seeked', () => r(a.currentTime), { once: true });
        a.currentTime = 3;
      }),
  );
  expect(heard).toBeGreaterThan(2.5);
  expect(heard).toBeLessThan(3.5);
  await visitor.keyboard.press('Escape');

  // The pastor replaces the thumbnail from the edit form; the visitor's card shows the new one.
  await page.goto('/sermons/upload');
  const row = page.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit sermon' });
  await dialog.locator('input[type="file"]').nth(2).setInputFiles(THUMB);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Sermon media replaced')).toBeVisible();

  // Unpublished: the visitor no longer finds it.
  await row.getByRole('button', { name: 'Unpublish' }).click();
  await expect(row.getByText('Unpublished')).toBeVisible();
  await visitor.goto('/sermons');
  await visitor.getByLabel('Search sermons').fill(title);
  await expect(visitor.getByText(title)).toHaveCount(0);
  await visitor.close();
});

test('an admin edits the church settings and the home page shows the change; unsafe links are refused', async ({ page }) => {
  await signInAs(page, demo.admin);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Contact Info' }).click();
  await page.getByLabel('Website').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Please enter a web address starting with http:// or https://').first()).toBeVisible();
  await page.getByLabel('Website').fill('https://graceharvest.org.za');
  await page.getByRole('tab', { name: 'Service Times' }).click();
  const location = page.getByRole('region', { name: 'Service 4' }).getByLabel('Place');
  const before = await location.inputValue();
  await location.fill('Upper Room Chapel');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settings updated successfully')).toBeVisible();
  await page.goto('/');
  await expect(page.getByText('Upper Room Chapel')).toBeVisible();
  // Put it back for the other specs that read the home page.
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Service Times' }).click();
  await page.getByRole('region', { name: 'Service 4' }).getByLabel('Place').fill(before);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Settings updated successfully')).toBeVisible();
});

test('an announcement shows on the member dashboards only inside its window: not before, not after', async ({ page, browser }) => {
  const stamp = Date.now();
  const pastor = await signInAs(page, demo.pastor);
  await page.goto('/announcements');
  await page.getByRole('button', { name: 'New Announcement' }).click();
  await page.getByLabel('Title').fill(`Choir practice moved ${stamp}`);
  await page.getByLabel('Content').fill('This week the choir meets on Thursday at 18:30 in the hall.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Announcement created successfully')).toBeVisible();
  const day = 86_400_000;
  const later = await page.request.post('/api/announcements', {
    headers: { authorization: `Bearer ${pastor.token}` },
    data: {
      title: `Next month ${stamp}`,
      content: 'Not yet.',
      startDate: new Date(Date.now() + day).toISOString(),
      endDate: new Date(Date.now() + 2 * day).toISOString(),
      published: true,
    },
  });
  expect(later.status()).toBe(201);
  // Its window ended a minute ago: published, but expired.
  const over = await page.request.post('/api/announcements', {
    headers: { authorization: `Bearer ${pastor.token}` },
    data: {
      title: `Last week's bazaar ${stamp}`,
      content: 'Over.',
      startDate: new Date(Date.now() - 7 * day).toISOString(),
      endDate: new Date(Date.now() - 60_000).toISOString(),
      published: true,
    },
  });
  expect(over.status()).toBe(201);
  await page.reload();
  // The pastor still sees it, marked Ended.
  await expect(page.getByTestId('announcement-card').filter({ hasText: `Last week's bazaar ${stamp}` })).toContainText('Ended');

  for (const [viewport, url] of [
    [{ width: 1280, height: 800 }, '/dashboard'],
    [{ width: 390, height: 844 }, '/mobile/dashboard'],
  ] as const) {
    const member = await browser.newPage({ viewport });
    await signInAs(member, demo.member);
    await member.goto(url);
    const section = member.getByRole('region', { name: 'Announcements' });
    await expect(section.getByText(`Choir practice moved ${stamp}`)).toBeVisible();
    await expect(member.getByText(`Next month ${stamp}`)).toHaveCount(0);
    await expect(member.getByText(`Last week's bazaar ${stamp}`)).toHaveCount(0);
    await member.close();
  }
});

for (const w of WIDTHS) {
  test(`publishing pages look right and pass axe (${w.name})`, async ({ page }, info) => {
    await page.setViewportSize({ width: w.width, height: w.height });
    await signInAs(page, demo.admin);
    for (const [url, heading] of [
      ['/sermons/upload', 'Upload Sermon'],
      ['/sermons/prepare', 'Sermon Preparation'],
      ['/announcements', 'Announcements'],
      ['/settings', 'Church Settings'],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await snap(page, info, `${url.replace(/\//g, '_')}-${w.name}`);
      await expectAccessible(page);
    }
  });
}

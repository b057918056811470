import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { demo, signInAs } from '../support/session';
import { expectAccessible, snap, WIDTHS } from '../support/look';

// Uploads and several pages per test on a shared machine.
test.describe.configure({ timeout: 120_000 });

/** A picture the site ships: any WebP works as an upload. */
const PICTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../web/public/images/hero/savanna-640.webp');

/** The settings document as it was, put back after each test (other specs read the demo church's home page). */
async function snapshotSettings(page: Page, token: string) {
  const res = await page.request.get('/api/settings', { headers: { authorization: `Bearer ${token}` } });
  const { updatedAt: _u, ...settings } = (await res.json()).data.settings;
  return () => page.request.post('/api/settings', { headers: { authorization: `Bearer ${token}` }, data: settings });
}

test('an admin adds a slide with an uploaded picture, a service and a founder’s photo; visitors see them on the next request', async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  const { token } = await signInAs(page, demo.admin);
  const restore = await snapshotSettings(page, token);
  try {
    await page.goto('/settings?tab=home');
    await page.getByRole('button', { name: 'Add slide' }).click();
    const slide = page.getByRole('region', { name: 'Slide 4' });
    await slide.getByRole('textbox', { name: 'Heading', exact: true }).fill(`Harvest Festival ${stamp}`);
    await slide.getByRole('textbox', { name: 'Text', exact: true }).fill('Bring a tin for the Mamelodi pantry.');
    // The live preview shows the slide being edited before anything is saved.
    const preview = page.getByTestId('live-preview').first();
    await expect(preview.getByRole('heading', { level: 1, name: `Harvest Festival ${stamp}` })).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await slide.getByRole('button', { name: 'Upload picture' }).click();
    await (await chooser).setFiles(PICTURE);
    await expect(slide.getByRole('img', { name: 'Uploaded picture' })).toBeVisible();
    // A bad link is refused before anything is stored; the editor says which field.
    await slide.getByLabel('Button label').fill('Read more');
    await slide.getByLabel('Button link').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(/Enter a page of this site/).first()).toBeVisible();
    await slide.getByLabel('Button link').fill('/events');

    await page.getByRole('tab', { name: 'Service Times' }).click();
    await page.getByRole('button', { name: 'Add service' }).click();
    const service = page.getByRole('region', { name: 'Service 5' });
    await service.getByLabel('Day').click();
    await page.getByRole('option', { name: 'Thursday' }).click();
    await service.getByRole('textbox', { name: 'Starts', exact: true }).fill('18:30');
    await service.getByRole('textbox', { name: 'Name', exact: true }).fill(`Youth Night ${stamp}`);
    await service.getByLabel('Language').fill('isiZulu');
    await expect(page.getByTestId('live-preview').getByText(`Youth Night ${stamp}`)).toBeVisible();

    await page.getByRole('tab', { name: 'About' }).click();
    const founder = page.getByRole('region', { name: 'Founder 1' });
    const photo = page.waitForEvent('filechooser');
    await founder.getByRole('button', { name: 'Upload photo' }).click();
    await (await photo).setFiles(PICTURE);
    await expect(page.getByTestId('live-preview').getByRole('img', { name: 'Pastor David Nkosi' })).toBeVisible();

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Settings updated successfully')).toBeVisible();

    // A visitor: the server-rendered page of the very next request already has the new slide and service.
    const html = await (await page.request.get('/')).text();
    expect(html).toContain(`Harvest Festival ${stamp}`);
    const visitor = await browser.newPage();
    await visitor.goto('/');
    // The dots work once the app has taken over the server-rendered page (main.tsx marks <html data-hydrated>).
    await expect(visitor.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
    await visitor.getByRole('tab', { name: `Slide 4: Harvest Festival ${stamp}` }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: `Harvest Festival ${stamp}` })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Read more' })).toHaveAttribute('href', '/events');
    await expect(visitor.locator('img[src*="/api/settings/images/"]').first()).toBeAttached();
    await expect(visitor.getByText(`Youth Night ${stamp}`)).toBeVisible();
    await visitor.goto('/about');
    await expect(visitor.getByRole('img', { name: 'Pastor David Nkosi' })).toBeVisible();
    await visitor.close();
  } finally {
    expect((await restore()).status()).toBe(200);
  }
});

test('the Terms of Service are written in the editor and shown on /terms, linked from registration', async ({ page, browser }) => {
  const stamp = Date.now();
  const { token } = await signInAs(page, demo.admin);
  const restore = await snapshotSettings(page, token);
  try {
    await page.goto('/settings?tab=legal');
    const editor = page.getByRole('textbox', { name: 'Terms of Service' });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(`Be kind in chat ${stamp}.`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Settings updated successfully')).toBeVisible();
    const visitor = await browser.newPage();
    await visitor.goto('/register');
    await expect(visitor.getByRole('link', { name: 'Terms of Service' }).first()).toHaveAttribute('href', '/terms');
    await visitor.goto('/terms');
    await expect(visitor.getByTestId('terms')).toContainText(`Be kind in chat ${stamp}.`);
    await visitor.close();
  } finally {
    expect((await restore()).status()).toBe(200);
  }
});

for (const w of WIDTHS) {
  test(`every tab of the site editor and the public pages it fills look right and pass axe (${w.name})`, async ({ page }, info) => {
    await page.setViewportSize({ width: w.width, height: w.height });
    await signInAs(page, demo.admin);
    for (const [tab, label] of [
      ['general', 'General'],
      ['home', 'Home Page'],
      ['about', 'About'],
      ['services', 'Service Times'],
      ['location', 'Contact Info'],
      ['legal', 'Legal'],
    ]) {
      await page.goto(`/settings?tab=${tab}`);
      await expect(page.getByRole('heading', { name: 'Church Settings', level: 1 })).toBeVisible();
      await expect(page.getByRole('tab', { name: label, selected: true })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await snap(page, info, `settings-${tab}-${w.name}`);
      // Leaflet's own controls are outside our reach; the rest of the page is checked.
      await expectAccessible(page, { exclude: '.leaflet-control-container' });
    }
    for (const url of ['/about', '/terms', '/ministries']) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await snap(page, info, `${url.slice(1)}-${w.name}`);
      await expectAccessible(page);
    }
  });
}

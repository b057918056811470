import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { startFreshInstall, type FreshInstall } from '../support/fresh-install';
import { expectAccessible, snap } from '../support/look';

// One new install for the whole file: its first start creates a database.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const LOGO = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../web/public/images/hero/dusk-640.webp');
/** Words of the demo church and of the placeholders a new install used to show. */
const NOT_ON_A_NEW_SITE = ['Grace Harvest', 'Mamelodi', 'Welcome Home', 'Nkosi', 'listed here soon', 'not set its map location', '2018'];

let site: FreshInstall;
test.beforeAll(async () => {
  site = await startFreshInstall();
});
test.afterAll(async () => {
  await site?.stop();
});

async function expectNoDemoCopy(page: Page) {
  const text = await page.locator('body').innerText();
  for (const words of NOT_ON_A_NEW_SITE) expect(text, words).not.toContain(words);
  // No figure or detail stands in as a dash.
  await expect(page.getByText('—', { exact: true })).toHaveCount(0);
}

test('a new install shows no demo copy and leads its owner to the setup', async ({ page }, info) => {
  await page.goto(`${site.url}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Church Community' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('This site has not been set up yet.');
  await expectNoDemoCopy(page);
  for (const url of ['/about', '/ministries', '/contact', '/terms', '/privacy']) {
    await page.goto(`${site.url}${url}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoDemoCopy(page);
  }
  await page.goto(`${site.url}/`);
  await snap(page, info, 'new-install-home');
  await expectAccessible(page);
});

test('the owner sets the church up from the browser and has a presentable site in minutes', async ({ page, browser }, info) => {
  await page.goto(`${site.url}/`);
  await page.getByRole('link', { name: 'Set up your church' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your church' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Setup code' }).fill('000000000000');
  await page.getByRole('textbox', { name: 'Church name' }).fill('Siyakhula Fellowship');
  await page.getByRole('textbox', { name: 'Year founded' }).fill('2009');
  await page.getByRole('button', { name: 'Continue' }).click();
  // Services: the defaults to start from, plus an early Afrikaans service.
  await page.getByRole('button', { name: 'Add service' }).click();
  const added = page.getByRole('region', { name: 'Service 4' });
  await added.getByRole('textbox', { name: 'Starts', exact: true }).fill('08:00');
  await added.getByRole('textbox', { name: 'Name', exact: true }).fill('Oggenddiens');
  await added.getByLabel('Language').fill('Afrikaans');
  await snap(page, info, 'setup-services');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'Full Name' }).fill('Nomsa Khumalo');
  await page.getByRole('textbox', { name: 'Email Address' }).fill('nomsa@siyakhula.org.za');
  // Password fields have no textbox role; they are the step's two password inputs, in order.
  await page.locator('input[type="password"]').nth(0).fill('Ukholo-2026-Sonto');
  await page.locator('input[type="password"]').nth(1).fill('Ukholo-2026-Sonto');
  // The wrong code is refused and nothing is created.
  await page.getByRole('button', { name: 'Set up the church' }).click();
  await expect(page.getByText('The setup code is not right').first()).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('textbox', { name: 'Setup code' }).fill(site.code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Set up the church' }).click();
  await expect(page.getByText('Your church is set up').first()).toBeVisible();
  // Logo, then card giving skipped, then e-mail.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload logo' }).click();
  await (await chooser).setFiles(LOGO);
  await expect(page.getByText('Logo updated')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page.getByText('E-mail is not set up yet')).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByTestId('setup-done')).toBeVisible();
  await snap(page, info, 'setup-done');
  await expectAccessible(page);

  // The administrator sees where content is missing, with a way to fill it.
  await page.getByRole('link', { name: 'View your website' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Siyakhula Fellowship' })).toBeVisible();
  await expect(page.getByTestId('empty-section-hint').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Fill it in' }).first()).toHaveAttribute('href', /\/settings\?tab=|\/sermons\/upload/);

  // A visitor sees a small, finished site: the church's name, logo and services, and no empty sections.
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const visitor = await browser.newPage({ viewport });
    await visitor.goto(`${site.url}/`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Welcome to Siyakhula Fellowship' })).toBeVisible();
    await expect(visitor.getByRole('note')).toHaveCount(0);
    await expect(visitor.getByText('Oggenddiens')).toBeVisible();
    // The service's language on the page itself (the header's language picker has an Afrikaans option too).
    await expect(visitor.getByRole('main').getByText('Afrikaans').first()).toBeVisible();
    await expect(visitor.getByTestId('stat-founded')).toContainText('2009');
    await expect(visitor.getByTestId('empty-section-hint')).toHaveCount(0);
    await expect(visitor.locator('header img[src^="/api/settings/logo/"]').first()).toBeVisible();
    await expectNoDemoCopy(visitor);
    await snap(visitor, info, `set-up-home-${viewport.width}`);
    await expectAccessible(visitor);
    await visitor.close();
  }
});

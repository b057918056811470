import { test, expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import { demo, signInAs, signUpFresh } from '../support/session';
import { expectAccessible } from '../support/look';

const PHONE = { width: 390, height: 844 };
async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}
// 8001015009087: a South African ID number with a valid check digit (the banks' own example).
const ID_NUMBER = '8001015009087';

test.describe.configure({ mode: 'serial', timeout: 150_000 });

let member: { email: string };
const NAME = `Zanele Taxpayer ${Date.now().toString(36)}`;

test('a fresh member gives, then enters the details a section 18A certificate needs', async ({ page }) => {
  await page.setViewportSize(PHONE);
  member = await signUpFresh(page, NAME);
  await page.goto('/mobile/giving');
  await page.getByLabel('Amount (R)').fill('180');
  await page.getByRole('button', { name: 'Donate' }).click();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/mobile\/giving/);
  await expect(page.getByTestId('total-given')).toHaveText('R 180.00');

  const card = page.getByTestId('my-tax-details');
  await expect(card.getByTestId('tax-details-missing')).toHaveText('Your certificate still needs: address, ID or passport number.');
  await card.getByLabel('ID number').fill('8001015009086');
  await card.getByLabel('Postal address (printed on the certificate)').fill('14 Protea Road, Soweto, 1804');
  await card.getByRole('button', { name: 'Save tax details' }).click();
  await expect(card.getByText('That is not a valid South African ID number (13 digits; please check it)')).toBeVisible();
  await card.getByLabel('ID number').fill(ID_NUMBER);
  await card.getByLabel('Income tax number (optional)').fill('0123456789');
  await shot(page, 'giving-tax-details-390');
  await expectAccessible(page);
  await card.getByRole('button', { name: 'Save tax details' }).click();
  await expect(page.getByText('Tax certificate details saved').first()).toBeVisible();
  await expect(card.getByTestId('tax-details-summary')).toHaveText('•••••••••9087 · 14 Protea Road, Soweto, 1804');
});

test('the treasurer issues the tax year’s certificates; the member’s is among them', async ({ page }) => {
  await signInAs(page, demo.admin);
  await page.goto('/giving');
  await page.getByRole('tab', { name: 'Tax certificates' }).click();
  await page.getByRole('combobox', { name: 'Tax year' }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  // The first tax year offered is the one still running (the member gave today): the page warns first (issue 31).
  await expect(page.getByTestId('year-running')).toContainText('tax year is still running');
  await expect(page.getByTestId('eligible-funds')).toContainText(/section 18A-eligible funds: .*General/);
  await page.getByRole('button', { name: 'Generate certificates' }).click();
  const confirm = page.getByRole('dialog', { name: /before the year ends\?/ });
  await expect(confirm).toContainText('Confirm to issue them anyway.');
  await shot(page, 'giving-tax-confirm-1280');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Issue certificates now' }).click();
  // Queued by this click, or joined to a run another treasurer queued a moment ago (it has not started, so it covers this).
  await expect(page.getByText(/they are issued in the background/).first()).toBeVisible();
  // The job runs in the server's worker; the panel follows the run until it is done, then the list shows the new certificates.
  const run = page.getByTestId('certificate-run');
  await expect(run).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(run).toContainText(/\d+ certificates? issued \(R\d{6}(–R\d{6})?\)/);
  await expect(run).toContainText('Asked by');
  await expect(page.getByTestId('certificate-row').filter({ hasText: NAME })).toBeVisible();
  await shot(page, 'giving-tax-run-1280');
  await expectAccessible(page);
  await page.setViewportSize(PHONE);
  await expect(run).toBeVisible();
  await shot(page, 'giving-tax-run-390');
  await expectAccessible(page);
});

test('the member downloads their own certificate from My Giving', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, member.email);
  await page.goto('/mobile/giving');
  const mine = page.getByTestId('my-certificate');
  await expect(mine).toContainText('R 180.00');
  // Issued before the tax year ended: the member's copy says up to when it covers their gifts.
  await expect(mine.getByTestId('certificate-partial-year')).toHaveText(/^Covers gifts up to \d{1,2} \w+ \d{4}: issued before the tax year ended$/);
  const [pdf] = await Promise.all([page.waitForEvent('download'), mine.getByRole('button', { name: 'Download' }).click()]);
  const bytes = fs.readFileSync((await pdf.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});

test('the treasurer marks which funds are section 18A-eligible (a new fund is not, unless ticked)', async ({ page }) => {
  const plain = `Worship ${Date.now().toString(36)}`;
  const bursaries = `Bursaries ${Date.now().toString(36)}`;
  await signInAs(page, demo.admin);
  await page.goto('/giving');
  await page.getByRole('tab', { name: 'Funds' }).click();
  await page.getByLabel('New fund').fill(plain);
  await page.getByRole('button', { name: 'Add fund' }).click();
  const plainSwitch = page.getByRole('switch', { name: `${plain}: gifts qualify for section 18A certificates` });
  await expect(plainSwitch).not.toBeChecked();
  await page.getByLabel('New fund').fill(bursaries);
  await page.getByRole('checkbox', { name: 'Gifts to it qualify for section 18A certificates' }).check();
  await page.getByRole('button', { name: 'Add fund' }).click();
  await expect(page.getByRole('switch', { name: `${bursaries}: gifts qualify for section 18A certificates` })).toBeChecked();
  // Changing its mind: the switch marks an existing fund, and the certificates tab lists it among the eligible.
  await plainSwitch.click({ force: true });
  await expect(plainSwitch).toBeChecked();
  await plainSwitch.click({ force: true });
  await expect(plainSwitch).not.toBeChecked();
  await shot(page, 'giving-funds-18a-1280');
  await expectAccessible(page);
  await page.setViewportSize(PHONE);
  await expect(plainSwitch).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shot(page, 'giving-funds-18a-390');
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Tax certificates' }).click();
  await expect(page.getByTestId('eligible-funds')).toContainText(bursaries);
  await expect(page.getByTestId('eligible-funds')).not.toContainText(plain);
});

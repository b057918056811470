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
  await page.getByRole('button', { name: 'Generate certificates' }).click();
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
  const [pdf] = await Promise.all([page.waitForEvent('download'), mine.getByRole('button', { name: 'Download' }).click()]);
  const bytes = fs.readFileSync((await pdf.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});

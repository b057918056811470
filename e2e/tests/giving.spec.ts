import { test, expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import { demo, signInAs, signUpFresh } from '../support/session';
import { expectAccessible } from '../support/look';

const PHONE = { width: 390, height: 844 };
async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}

// Three pages, a CSV and PDFs in one journey: more than the default budget on a shared machine.
test.describe.configure({ mode: 'serial', timeout: 150_000 });

test('a member gives R 250 by card through the PayFast stand-in: pending, then completed', async ({ page, context }) => {
  await page.setViewportSize(PHONE);
  // A new member: the demo member's totals are read by other specs.
  await signUpFresh(page);
  await page.goto('/mobile/giving');
  await expect(page.getByTestId('total-given')).toHaveText('R 0.00');
  await page.getByLabel('Amount (R)').fill('250');
  await page.getByRole('button', { name: 'Donate' }).click();
  // The hosted checkout (the local stand-in speaks PayFast's form and signature).
  await expect(page.getByRole('heading', { name: 'PayFast checkout (local stand-in)' })).toBeVisible();
  await expect(page.getByText('R 250.00')).toBeVisible();
  // Meanwhile the gift is pending in the member's history.
  const other = await context.newPage();
  await other.setViewportSize(PHONE);
  await other.goto('/mobile/giving');
  const row = other.getByTestId('donation-row').first();
  await expect(row.getByTestId('donation-amount')).toHaveText('R 250.00');
  await expect(row.getByTestId('donation-status')).toHaveText('pending');
  await other.close();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/mobile\/giving/);
  await expect(page.getByTestId('donation-row').first().getByTestId('donation-status')).toHaveText('completed');
  await expect(page.getByTestId('total-given')).toHaveText('R 250.00');
  await shot(page, 'giving-member-390');
  await expectAccessible(page);
});

test('a treasurer records a cash batch, filters by fund and quarter, exports, issues certificates and opens one', async ({ page }) => {
  await signInAs(page, demo.admin);
  await page.goto('/giving');
  await expect(page.getByRole('heading', { name: 'Giving & Donations' })).toBeVisible();
  await page.getByLabel('Batch label').fill('Sunday cash, 09:00 service');
  await page.getByLabel('Counted total (R)').fill('350');
  await page.getByRole('button', { name: 'Open batch' }).click();
  const detail = page.getByTestId('batch-detail');
  await expect(detail).toBeVisible();
  // Givers who are not members: a name only (issue 32's picker is for members).
  await detail.getByText('Name only').click();
  for (const [donor, amount, fund] of [
    ['Offering plate', '200', 'General'],
    ['Sizwe Ndlovu', '150', 'Missions'],
  ] as const) {
    await detail.getByLabel('Donor name').fill(donor);
    await detail.getByLabel('Amount (R)').fill(amount);
    await detail.getByRole('combobox', { name: 'Gift fund' }).click();
    await page.getByRole('option', { name: fund, exact: true }).click();
    await detail.getByRole('button', { name: 'Record gift' }).click();
    await expect(detail.getByText(donor)).toBeVisible();
  }
  await expect(page.getByTestId('batch-running-total')).toHaveText('Recorded R 350.00 of R 350.00');
  await expect(page.getByTestId('deposit-report')).toContainText('Missions (Cash, 1)');
  await shot(page, 'giving-batches-1280');
  await expectAccessible(page);
  await detail.getByRole('button', { name: 'Close batch' }).click();
  await expect(page.getByText('Batch closed').first()).toBeVisible();

  await page.goto('/donations');
  await page.getByRole('radiogroup', { name: 'Period' }).getByText('Quarter').click();
  await page.getByRole('combobox', { name: 'Fund' }).click();
  await page.getByRole('option', { name: 'Missions', exact: true }).click();
  const rows = page.getByTestId('donation-row');
  // Retrying assertions on the live list: a snapshot of rows.all() taken while the unfiltered table was
  // still on screen failed once (its ninth row vanished when the filtered answer arrived).
  await expect(rows.filter({ hasNotText: 'Missions' })).toHaveCount(0);
  await expect(rows.first()).toContainText('Sizwe Ndlovu');
  await expect(rows.filter({ hasNotText: 'Missions' })).toHaveCount(0);
  await expect(page.getByTestId('funds-breakdown')).toContainText('Missions');
  await shot(page, 'donations-1280');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Export Report' }).click();
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'CSV (.csv)' }).click()]);
  await expect(page.getByText('Donations report exported successfully!')).toBeVisible();
  const text = fs.readFileSync((await csv.path())!, 'utf8');
  expect(text).toContain('Sizwe Ndlovu,Missions,150.00,Cash,completed');
  expect(text).not.toContain('General');

  await page.goto('/giving');
  await page.getByRole('tab', { name: 'Tax certificates' }).click();
  await page.getByRole('combobox', { name: 'Tax year' }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await page.getByRole('button', { name: 'Generate certificates' }).click();
  // The first year offered is still running: the treasurer confirms issuing for the gifts so far (issue 31).
  await page.getByRole('dialog', { name: /before the year ends\?/ }).getByRole('button', { name: 'Issue certificates now' }).click();
  // Issued by a job: the run is queued at once, and its panel follows it to done with the count.
  // Queued by this click, or joined to a run another treasurer queued a moment ago (it has not started, so it covers this).
  await expect(page.getByText(/they are issued in the background/).first()).toBeVisible();
  const run = page.getByTestId('certificate-run');
  await expect(run).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(run).toContainText(/\d+ certificates? issued \(R\d{6}(–R\d{6})?\)|No new certificates to issue/);
  const cert = page.getByTestId('certificate-row').filter({ hasText: 'Naledi Zulu' });
  await expect(cert).toBeVisible();
  const [pdf] = await Promise.all([page.waitForEvent('download'), cert.getByRole('button', { name: /Download R\d+/ }).click()]);
  expect(
    fs
      .readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await shot(page, 'giving-certificates-1280');
  await expectAccessible(page);
});

test('the member downloads their own certificate', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, demo.member);
  await page.goto('/mobile/giving');
  const mine = page.getByTestId('my-certificate');
  await expect(mine).toBeVisible();
  const [pdf] = await Promise.all([page.waitForEvent('download'), mine.getByRole('button', { name: 'Download' }).click()]);
  expect(
    fs
      .readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await shot(page, 'giving-certificate-member-390');
});

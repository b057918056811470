import { test, expect, type Page } from '@playwright/test';
import { expectAccessible, snap } from '../support/look';
import { demo, signInAs, signUpFresh, uniqueEmail } from '../support/session';
import { dismissToasts } from '../support/toasts';

/**
 * Issue 32, a treasurer's Sunday: a batch with a named member, a newcomer added on the spot and loose
 * plate cash → a recount → close → the member's My Giving and section 18A certificate hold the gift.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });
const PHONE = { width: 390, height: 844 };

/** The Sunday before today (or a week ago when today is one): inside the current tax year unless it is early March. */
function lastSunday() {
  const d = new Date(Date.now() - 86_400_000);
  while (d.getUTCDay() !== 0) d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
const taxYearOf = (day: string) => (Number(day.slice(5, 7)) >= 3 ? Number(day.slice(0, 4)) + 1 : Number(day.slice(0, 4)));

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a Sunday batch with a member, a newcomer and loose cash closes, and the member sees the gift and the certificate', async ({
  page,
  browser,
}, info) => {
  const memberName = `Zanele Batch ${Date.now() % 100000}`;
  const memberPage = await browser.newPage();
  const member = await signUpFresh(memberPage, memberName);
  // The member's address and ID number, so the treasurer's certificate run can issue theirs.
  const headers = { authorization: `Bearer ${member.token}` };
  const address = await memberPage.request.put('/api/members/profile', {
    headers,
    data: { name: memberName, email: member.email, address: '4 Jacaranda Street, Pretoria' },
  });
  expect(address.ok(), await address.text()).toBeTruthy();
  const profile = await memberPage.request.put('/api/giving/tax-profile', {
    headers,
    data: { idNumber: '8501015800088', taxNumber: '0123456789' },
  });
  expect(profile.ok(), await profile.text()).toBeTruthy();

  const admin = await signInAs(page, demo.admin);
  await page.goto('/giving');
  const sunday = lastSunday();
  const label = `Sunday plate ${Date.now() % 100000}`;
  await page.getByLabel('Batch label').fill(label);
  await page.getByLabel('Batch date').fill(sunday);
  await page.getByLabel('Counted total (R)').fill('450');
  await page.getByRole('button', { name: 'Open batch' }).click();
  const detail = page.getByTestId('batch-detail');
  await expect(detail.getByRole('heading', { name: label })).toBeVisible();
  await expect(detail.getByLabel('Gift date')).toHaveValue(sunday);

  // A member, found by name in the picker.
  await detail.getByRole('combobox', { name: 'Member' }).fill(memberName.slice(0, 12));
  await page.getByRole('option', { name: new RegExp(memberName) }).click();
  await detail.getByLabel('Amount (R)').fill('200');
  await detail.getByRole('button', { name: 'Record gift' }).click();
  await expect(detail.getByTestId('batch-gifts')).toContainText(memberName);

  // A newcomer, added without leaving the batch, paying by cheque.
  await detail.getByRole('button', { name: 'Add a new person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a new person' });
  await dialog.getByLabel('Full name').fill('Sipho Newcomer');
  await dialog.getByLabel('E-mail').fill(uniqueEmail('newcomer'));
  await dialog.getByLabel('Phone').fill('083 123 4567');
  await dialog.getByRole('button', { name: 'Add person' }).click();
  await expect(dialog).toBeHidden();
  await detail.getByLabel('Amount (R)').fill('150');
  await pick(page, 'Method', 'Cheque');
  await detail.getByRole('button', { name: 'Record gift' }).click();
  await expect(detail.getByTestId('batch-gifts')).toContainText('Sipho Newcomer · General · Cheque');

  // Loose plate cash: nobody's name.
  await detail.getByText('No donor').click();
  await detail.getByLabel('Amount (R)').fill('150');
  await pick(page, 'Method', 'Cash');
  await detail.getByRole('button', { name: 'Record gift' }).click();
  await expect(detail.getByTestId('batch-gifts')).toContainText('Anonymous · General · Cash');
  await expect(page.getByTestId('batch-running-total')).toHaveText('Recorded R 500.00 of R 450.00');

  // The count was wrong: a recount, with its reason, and the batch balances.
  await detail.getByRole('button', { name: 'Change counted total' }).click();
  const recount = page.getByRole('dialog', { name: 'Change counted total' });
  await recount.getByLabel('Counted total (R)').fill('500');
  await recount.getByLabel('Reason').fill('Recounted after the service: R 500');
  await recount.getByRole('button', { name: 'Save counted total' }).click();
  await expect(page.getByTestId('batch-running-total')).toHaveText('Recorded R 500.00 of R 500.00');
  await detail.getByRole('button', { name: 'Close batch' }).click();
  await expect(detail.getByRole('button', { name: 'Reopen batch' })).toBeVisible();
  const history = page.getByTestId('batch-history');
  await expect(history).toContainText('Recounted after the service: R 500');
  await expect(history).toContainText('Counted total: R 450.00 → R 500.00');
  await expect(history).toContainText('Status: open → closed');
  await dismissToasts(page);
  await snap(page, info, 'books-batch-1280');
  await expectAccessible(page);
  await page.setViewportSize(PHONE);
  await expect(history).toBeVisible();
  await snap(page, info, 'books-batch-390');
  await expectAccessible(page);

  // The treasurer issues the tax year's certificates; the member's holds the batch gift.
  const run = await page.request.post('/api/giving/certificates/runs', {
    headers: { authorization: `Bearer ${admin.token}` },
    // This Sunday's tax year is still running: the treasurer confirms issuing for the gifts so far.
    data: { taxYear: taxYearOf(sunday), confirmRunningYear: true },
  });
  expect(run.status(), await run.text()).toBe(202);
  await memberPage.setViewportSize(PHONE);
  await memberPage.goto('/mobile/giving');
  const row = memberPage.getByTestId('donation-row').first();
  await expect(row.getByTestId('donation-amount')).toHaveText('R 200.00');
  await expect(row.getByTestId('donation-status')).toHaveText('completed');
  await expect(memberPage.getByTestId('total-given')).toHaveText('R 200.00');
  await expect(async () => {
    await memberPage.reload();
    await expect(memberPage.getByTestId('my-certificate')).toContainText('R 200.00', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await snap(memberPage, info, 'books-member-giving-390');
  await expectAccessible(memberPage);
  await memberPage.close();
});

test('the donations list finds the batch’s gifts by donor, reference and amount, and filters by method', async ({ page }, info) => {
  await signInAs(page, demo.admin);
  await page.goto('/donations');
  await page.getByRole('radiogroup', { name: 'Period' }).getByText('All').click();
  const rows = page.getByTestId('donation-row');
  await page.getByLabel('Search donations').fill('sipho newcomer');
  await expect(rows.first()).toContainText('Sipho Newcomer');
  await expect(rows.first()).toContainText(/Sunday plate \d+/);
  await expect(rows.filter({ hasNotText: 'Sipho Newcomer' })).toHaveCount(0);
  await page.getByLabel('Search donations').fill('R 150,00');
  await expect(rows.filter({ hasNotText: 'R 150.00' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Sipho Newcomer' }).first()).toBeVisible();
  await pick(page, 'Method', 'Cheque');
  await expect(rows.filter({ hasNotText: 'Cheque' })).toHaveCount(0);
  await expect(rows.first()).toContainText('Sipho Newcomer');
  await dismissToasts(page);
  await snap(page, info, 'books-donations-1280');
  await expectAccessible(page);
  await page.setViewportSize(PHONE);
  await expect(rows.first()).toBeVisible();
  await snap(page, info, 'books-donations-390');
  await expectAccessible(page);
});

import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { DEMO_PASSWORD, demo, signInAs, uniqueEmail } from '../support/session';
import { expectAccessible, snap as snapPage } from '../support/look';
import { dismissToasts } from '../support/toasts';

const PHONE = { width: 390, height: 844 };

/** A full-page picture from the top, nothing focused (a fixed header and a focused skip link would sit mid-page). */
async function snap(page: Page, info: TestInfo, name: string) {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await snapPage(page, info, name);
}

test.describe.configure({ mode: 'serial', timeout: 150_000 });

// A fresh person: the demo deacon is read by other specs (it must not see the finance pages).
const NAME = `Lindiwe Treasurer ${Date.now() % 100000}`;
const EMAIL = uniqueEmail('treasurer');

test('an administrator makes a deacon the treasurer from the admin panel and the member page', async ({ page }, info) => {
  const reg = await page.request.post('/api/auth/register', { data: { name: NAME, email: EMAIL, password: DEMO_PASSWORD } });
  expect(reg.ok(), await reg.text()).toBeTruthy();

  await signInAs(page, demo.admin);
  await page.goto('/admin/members');
  await page.getByLabel('Search users').fill(NAME);
  const row = page.getByTestId('admin-user-row');
  await expect(row).toHaveCount(1);
  await page.getByRole('combobox', { name: `Role of ${NAME}` }).click();
  await page.getByRole('option', { name: 'Deacon', exact: true }).click();
  await expect(page.getByRole('combobox', { name: `Role of ${NAME}` })).toHaveValue('Deacon');
  // The name leads to the person's page, where finance access is granted.
  await row.getByRole('link', { name: NAME }).click();
  await expect(page.getByRole('heading', { name: NAME, level: 1 })).toBeVisible();

  const card = page.getByTestId('member-permissions');
  await expect(card.getByRole('heading', { name: 'Finance access' })).toBeVisible();
  const treasurer = card.getByRole('checkbox', { name: 'Treasurer' });
  const seeGiving = card.getByRole('checkbox', { name: 'See giving' });
  await expect(treasurer).not.toBeChecked();
  await expect(card.getByRole('button', { name: 'Save finance access' })).toBeDisabled();
  await treasurer.check();
  // Treasurer includes seeing giving: that box follows and cannot be unticked on its own.
  await expect(seeGiving).toBeChecked();
  await expect(seeGiving).toBeDisabled();
  await card.getByRole('button', { name: 'Save finance access' }).click();
  await expect(page.getByText('Permissions updated').first()).toBeVisible();
  await expect(card.getByRole('button', { name: 'Save finance access' })).toBeDisabled();
  await dismissToasts(page);
  await expectAccessible(page);
  await snap(page, info, 'finance-access-member-1280');

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(card.getByRole('checkbox', { name: 'Treasurer' })).toBeChecked();
  await expectAccessible(page);
  await snap(page, info, 'finance-access-member-390');

  // The admin panel shows the grant beside the name.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/members');
  await page.getByLabel('Search users').fill(NAME);
  await expect(row.getByText('Treasurer', { exact: true })).toBeVisible();
});

test('the deacon, now treasurer, closes a cash batch and opens /donations', async ({ page }, info) => {
  await signInAs(page, EMAIL);
  await page.goto('/giving');
  await expect(page.getByRole('heading', { name: 'Giving & Donations' })).toBeVisible();
  await page.getByLabel('Batch label').fill(`Treasurer's count ${Date.now() % 100000}`);
  await page.getByLabel('Counted total (R)').fill('120');
  await page.getByRole('button', { name: 'Open batch' }).click();
  const detail = page.getByTestId('batch-detail');
  await expect(detail).toBeVisible();
  await detail.getByText('Name only').click();
  await detail.getByLabel('Donor name').fill('Offering plate');
  await detail.getByLabel('Amount (R)').fill('120');
  await detail.getByRole('button', { name: 'Record gift' }).click();
  await expect(page.getByTestId('batch-running-total')).toHaveText('Recorded R 120.00 of R 120.00');
  await detail.getByRole('button', { name: 'Close batch' }).click();
  await expect(page.getByText('Batch closed').first()).toBeVisible();
  await dismissToasts(page);
  await snap(page, info, 'finance-access-treasurer-giving-1280');

  await page.goto('/donations');
  await expect(page.getByRole('heading', { name: 'Donations' }).first()).toBeVisible();
  await expect(page.getByTestId('donation-row').filter({ hasText: 'Offering plate' }).first()).toBeVisible();
  await expectAccessible(page);
  await snap(page, info, 'finance-access-treasurer-donations-1280');
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByTestId('donation-row').first()).toBeVisible();
  await expectAccessible(page);
  await snap(page, info, 'finance-access-treasurer-donations-390');
});

import { test, expect } from '@playwright/test';
import { expectAccessible, snap } from '../support/look';
import { demo, signInAs, signUpFresh } from '../support/session';
import { dismissToasts } from '../support/toasts';

/**
 * Issue 32, the treasurer's Monday: two members gave by EFT (pending gifts with references); the bank's
 * statement is imported, both credits are matched by reference, confirmed in bulk, and the members see
 * their gifts completed. The same statement imported again adds nothing.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });
const PHONE = { width: 390, height: 844 };

test('a statement import → bulk confirm → pending EFT gifts completed', async ({ page, browser }, info) => {
  const stamp = Date.now() % 100000;
  const givers = await Promise.all(
    ['Lindiwe Statement', 'Pieter Statement'].map(async (name, i) => {
      const p = await browser.newPage();
      const member = await signUpFresh(p, `${name} ${stamp}`);
      const res = await p.request.post('/api/giving', {
        headers: { authorization: `Bearer ${member.token}` },
        data: { amount: 300 + i * 150 + (stamp % 50), paymentMethod: 'bank' },
      });
      expect(res.status(), await res.text()).toBe(201);
      const { donation } = (await res.json()).data;
      return { page: p, amount: donation.amount as number, reference: donation.reference as string };
    }),
  );
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '/');
  const statement = [
    'ACCOUNT TRANSACTION HISTORY',
    'Account:,62800011122 [Gold Business]',
    'Date,Amount,Balance,Description',
    `${day},${givers[0]!.amount.toFixed(2)},${stamp}.00,FNB APP PAYMENT FROM L STATEMENT ${givers[0]!.reference}`,
    `${day},-120.00,${stamp}.50,DEBIT ORDER INSURANCE`,
    `${day},${givers[1]!.amount.toFixed(2)},${stamp}.75,ACB CREDIT P STATEMENT ${givers[1]!.reference.replace('-', ' ')}`,
  ].join('\r\n');

  await signInAs(page, demo.admin);
  await page.goto('/giving');
  await page.getByRole('tab', { name: 'Bank statements' }).click();
  const file = { name: 'fnb-statement.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) };
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.getByRole('button', { name: 'Import statement' }).click();
  const result = page.getByTestId('import-result');
  await expect(result).toContainText('2 new credits imported');
  await expect(result).toContainText('2 matched by reference');

  const lines = page.getByTestId('bank-lines');
  for (const g of givers) await expect(lines).toContainText(g.reference);
  await dismissToasts(page);
  await snap(page, info, 'books-bank-1280');
  await expectAccessible(page);

  // Only these two, in bulk: untick anything else waiting from other days.
  const rows = lines.locator('tbody tr');
  const n = await rows.count();
  for (let i = 0; i < n; i++) {
    const row = rows.nth(i);
    const text = await row.innerText();
    if (!givers.some((g) => text.includes(g.reference))) await row.getByRole('checkbox').uncheck();
  }
  await page.getByRole('button', { name: 'Confirm 2 selected' }).click();
  await expect(page.getByText('2 gifts completed')).toBeVisible();
  // Mantine's segmented control hides its radio inputs: a person clicks the visible label.
  await page.locator('.mantine-SegmentedControl-label', { hasText: /^Confirmed$/ }).click();
  await expect(page.getByRole('radio', { name: 'Confirmed' })).toBeChecked();
  for (const g of givers) await expect(page.getByTestId('bank-lines')).toContainText(g.reference);

  // The same statement again: nothing new.
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.getByRole('button', { name: 'Import statement' }).click();
  await expect(result).toContainText('0 new credits imported; 2 already imported before (skipped)');

  await page.setViewportSize(PHONE);
  await dismissToasts(page);
  await expect(page.getByTestId('bank-lines')).toBeVisible();
  await snap(page, info, 'books-bank-390');
  await expectAccessible(page);

  // Each member sees their gift completed.
  for (const g of givers) {
    await g.page.setViewportSize(PHONE);
    await g.page.goto('/mobile/giving');
    const row = g.page.getByTestId('donation-row').first();
    await expect(row.getByTestId('donation-status')).toHaveText('completed');
    await expect(g.page.getByTestId('total-given')).toHaveText(`R ${g.amount.toFixed(2)}`);
  }
});

import { test, expect, type Page } from '@playwright/test';
import { demo, signInAs, signUpFresh } from '../support/session';
import { expectAccessible } from '../support/look';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}

test.describe.configure({ timeout: 150_000 });

/** Gives by card from My Giving and presses one button on the stand-in's hosted checkout. */
async function give(page: Page, amount: string, button: 'Pay now' | 'Decline card (test)' | 'Cancel payment', monthly = false) {
  await page.getByLabel('Amount (R)').fill(amount);
  if (monthly) await page.getByRole('radiogroup', { name: 'Frequency' }).getByText('Monthly').click();
  await page.getByRole('button', { name: 'Donate' }).click();
  await expect(page.getByRole('heading', { name: 'PayFast checkout (local stand-in)' })).toBeVisible();
  await expect(page.getByText(`R ${amount}.00`)).toBeVisible();
  if (monthly) await expect(page.getByText('Recurring: monthly')).toBeVisible();
  await page.getByRole('button', { name: button }).click();
  await expect(page).toHaveURL(/\/mobile\/giving/);
}
const rowFor = (page: Page, amount: string) => page.getByTestId('donation-row').filter({ hasText: `R ${amount}.00` });

test('a cancelled checkout and a declined card show as such and count nowhere; a monthly gift is seen and cancelled', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signUpFresh(page, 'Lerato Outcomes');
  await page.goto('/mobile/giving');
  await expect(page.getByTestId('total-given')).toHaveText('R 0.00');

  // The giver turns back at the checkout: the gift is cancelled, no money was taken.
  await give(page, '40', 'Cancel payment');
  await expect(page.getByText('Your payment was cancelled. No money was taken.').first()).toBeVisible();
  await expect(rowFor(page, '40').getByTestId('donation-status')).toHaveText('cancelled');

  // The bank declines the card: PayFast's FAILED notification marks it failed.
  await give(page, '60', 'Decline card (test)');
  await expect(rowFor(page, '60').getByTestId('donation-status')).toHaveText('failed');
  await expect(page.getByTestId('total-given')).toHaveText('R 0.00');

  // A monthly gift: a real subscription the member sees, and cancels.
  await give(page, '100', 'Pay now', true);
  await expect(rowFor(page, '100').getByTestId('donation-status')).toHaveText('completed');
  await expect(page.getByTestId('total-given')).toHaveText('R 100.00');
  const sub = page.getByTestId('subscription-row');
  await expect(sub).toHaveCount(1);
  await expect(sub).toContainText('R 100.00 monthly');
  await expect(sub).toContainText('active');
  await shot(page, 'giving-card-outcomes-390');
  await expectAccessible(page);
  await page.setViewportSize(DESKTOP);
  await expect(sub).toBeVisible();
  await shot(page, 'giving-card-outcomes-1280');
  await expectAccessible(page);

  await sub.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel recurring gift?' });
  await expect(dialog).toContainText('No further payments will be taken.');
  await dialog.getByRole('button', { name: 'Cancel gift' }).click();
  await expect(page.getByText('Your recurring gift was cancelled. No further payments will be taken.').first()).toBeVisible();
  await expect(page.getByTestId('subscription-row')).toHaveCount(0);
  // The gift already made stays in the history and the total.
  await expect(rowFor(page, '100').getByTestId('donation-status')).toHaveText('completed');
  await expect(page.getByTestId('total-given')).toHaveText('R 100.00');
  // After a reload too: the cancellation is the server's, not the page's.
  await page.reload();
  await expect(page.getByTestId('total-given')).toHaveText('R 100.00');
  await expect(rowFor(page, '40').getByTestId('donation-status')).toHaveText('cancelled');
  await expect(page.getByTestId('subscription-row')).toHaveCount(0);
});

test('an administrator sees where card gifts are paid: the account from the environment, read-only', async ({ page }) => {
  await signInAs(page, demo.admin);
  for (const [width, vp] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(vp);
    await page.goto('/giving');
    await page.getByRole('tab', { name: 'Card payments' }).click();
    const card = page.getByTestId('payment-account');
    await expect(card.getByTestId('payment-account-status')).toHaveText('Card payments are on (account from the server environment).');
    await expect(card.getByLabel('Merchant ID')).toHaveValue('10000100');
    await expect(card.getByLabel('Merchant ID')).not.toBeEditable();
    // The passphrase is never sent to the browser, not even as a field to fill.
    await expect(card.getByLabel('Passphrase')).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText('e2e-passphrase');
    await shot(page, `giving-card-payments-${width}`);
    await expectAccessible(page);
  }
});

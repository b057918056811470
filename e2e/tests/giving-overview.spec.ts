import { test, expect, type Page } from '@playwright/test';
import { demo, signInAs } from '../support/session';
import { expectAccessible } from '../support/look';

const PHONE = { width: 390, height: 844 };
async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test('a treasurer sets a giving goal, sees its progress and changes its target with a reason', async ({ page }) => {
  const name = `Sound desk ${Date.now().toString(36)}`;
  await signInAs(page, demo.admin);
  await page.goto('/giving');
  await expect(page.getByTestId('giving-trend').getByRole('listitem')).toHaveCount(12);
  const goals = page.getByTestId('giving-goals');
  await goals.getByRole('button', { name: 'New goal' }).click();
  const dialog = page.getByRole('dialog', { name: 'New goal' });
  await dialog.getByLabel('Goal name').fill(name);
  await dialog.getByLabel('Target (R)').fill('25000');
  await dialog.getByLabel('From').fill('2024-01-01');
  await dialog.getByRole('button', { name: 'Save goal' }).click();
  await expect(page.getByText('Goal saved').first()).toBeVisible();
  const goal = goals.getByTestId('goal').filter({ hasText: name });
  await expect(goal.getByTestId('goal-progress')).toContainText('of R 25,000.00');
  await shot(page, 'giving-overview-1280');
  await expectAccessible(page);

  await goal.getByRole('button', { name: `Edit goal ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit goal' });
  await edit.getByLabel('Target (R)').fill('20000');
  await edit.getByLabel('Reason for the change (kept in the history)').fill('Second-hand desk found');
  await edit.getByRole('button', { name: 'Save goal' }).click();
  await expect(goal.getByTestId('goal-progress')).toContainText('of R 20,000.00');
  await goal.getByRole('button', { name: `Edit goal ${name}` }).click();
  await expect(page.getByTestId('goal-history')).toContainText('target R 25,000.00 → R 20,000.00 — Second-hand desk found');
  await page.keyboard.press('Escape');
});

test('the finance pages at both widths: overview, funds, tax & banking, donations', async ({ page }) => {
  await signInAs(page, demo.admin);
  for (const [width, vp] of [
    ['1280', { width: 1280, height: 800 }],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(vp);
    await page.goto('/giving');
    await expect(page.getByTestId('giving-trend')).toBeVisible();
    if (width === '390') {
      await shot(page, 'giving-overview-390');
      await expectAccessible(page);
    }
    await page.getByRole('tab', { name: 'Funds' }).click();
    await expect(page.getByText('General').first()).toBeVisible();
    await shot(page, `giving-funds-${width}`);
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Tax & banking' }).click();
    await expect(page.getByLabel('Registered PBO name')).toBeVisible();
    await shot(page, `giving-tax-banking-${width}`);
    await expectAccessible(page);
    await page.goto('/donations');
    await expect(page.getByTestId('donations-table')).toBeVisible();
    if (width === '390') {
      await shot(page, 'donations-390');
      await expectAccessible(page);
    }
  }
});

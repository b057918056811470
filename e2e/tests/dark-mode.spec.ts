import { expect, test } from '@playwright/test';
import { snap } from '../support/look';
import { signUpFresh } from '../support/session';

const scheme = (page: import('@playwright/test').Page) => page.locator('html').getAttribute('data-mantine-color-scheme');

test('dark mode follows the device until the member chooses, and the choice is remembered (desktop switch)', async ({ page }, info) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  expect(await scheme(page)).toBe('dark');
  await signUpFresh(page, 'Thandi Night');
  await page.goto('/dashboard');
  const toggle = page.getByRole('switch', { name: 'Dark mode' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await snap(page, info, 'dashboard-1280-dark');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  expect(await scheme(page)).toBe('light');
  // Remembered: the device still says dark, the member said light.
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Dark mode' })).toHaveAttribute('aria-checked', 'false');
  expect(await scheme(page)).toBe('light');
  await page.getByRole('switch', { name: 'Dark mode' }).click();
  await page.goto('/mobile/bible?book=GEN&chapter=1');
  expect(await scheme(page)).toBe('dark');
  await expect(page.getByTestId('chapter-text')).toBeVisible();
  await snap(page, info, 'bible-1280-dark');
});

test('on a phone the switch is in the account menu', async ({ page }, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'light' });
  await signUpFresh(page, 'Sipho Night');
  await page.goto('/mobile/dashboard');
  expect(await scheme(page)).toBe('light');
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Dark mode Off' }).click();
  await expect(page.getByRole('menuitem', { name: 'Dark mode On' })).toBeVisible();
  expect(await scheme(page)).toBe('dark');
  await page.keyboard.press('Escape');
  await snap(page, info, 'mobile-dashboard-390-dark');
  await page.goto('/mobile/prayer');
  expect(await scheme(page)).toBe('dark');
  await snap(page, info, 'mobile-prayer-390-dark');
});

import { expect, test } from '@playwright/test';
import { demo, signInAs } from '../support/session';
import { expectAccessible, snap, WIDTHS } from '../support/look';

for (const w of WIDTHS) {
  test.describe(`management layout (${w.name})`, () => {
    test.use({ viewport: { width: w.width, height: w.height } });

    test('a pastor reaches every people page from the navigation', async ({ page }, info) => {
      await signInAs(page, demo.pastor);
      await page.goto('/pastor-dashboard');
      const nav = page.getByRole('navigation', { name: 'Management' });
      if (w.name === 'phone') {
        await expect(nav.getByRole('link', { name: 'Members' })).not.toBeInViewport();
        await page.getByRole('button', { name: 'Open navigation' }).click();
      }
      await expect(nav.getByRole('link', { name: 'Members' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
      await snap(page, info, `layout-${w.name}`);
      // The dashboard itself is built now: axe checks the whole page, layout and body.
      await expectAccessible(page);
      await nav.getByRole('link', { name: 'Members' }).click();
      await expect(page).toHaveURL(/\/members$/);
    });

    test('an elder sees the dashboard and the check-in station only', async ({ page }) => {
      await signInAs(page, demo.elder);
      await page.goto('/pastor-dashboard');
      if (w.name === 'phone') await page.getByRole('button', { name: 'Open navigation' }).click();
      const nav = page.getByRole('navigation', { name: 'Management' });
      // Elders staff the door on Sunday (checkin:staff); every other management page is closed to them.
      await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Check-in']);
    });
  });
}

test('Switch to Member View goes to the member dashboard; logout asks first', async ({ page }) => {
  await signInAs(page, demo.admin);
  await page.goto('/pastor-dashboard');
  await expect(page.getByRole('navigation', { name: 'Management' }).getByRole('link', { name: 'Admin' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Are you sure you want to logout?')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('link', { name: 'Switch to Member View' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

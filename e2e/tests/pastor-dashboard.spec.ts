import { expect, test } from '@playwright/test';
import { demo, signInAs } from '../support/session';
import { expectAccessible, snap, WIDTHS } from '../support/look';

// Approving and rejecting prayers from the dashboard is part of the pastor's morning (pastor-morning.spec.ts);
// this spec is the page's looks and its quick actions at each width (spec 001 §2).
test.describe('pastor dashboard', () => {
  for (const w of WIDTHS) {
    test(`looks right, passes axe and offers its quick actions (${w.name})`, async ({ page }, info) => {
      await page.setViewportSize({ width: w.width, height: w.height });
      await signInAs(page, demo.pastor);
      await page.goto('/pastor-dashboard');
      await expect(page.getByTestId('stat-card').first()).toBeVisible();
      await snap(page, info, `pastor-dashboard-${w.name}`);
      await expectAccessible(page);

      if (w.name === 'desktop') {
        // Quick-action chips filter the actions.
        await page.getByText('finance', { exact: true }).click();
        await expect(page.getByRole('link', { name: 'Donations' }).last()).toBeVisible();
        await expect(page.getByRole('link', { name: 'Add Member' })).toHaveCount(0);
        return;
      }
      // A phone: the members, leadership and care groups, then View All Actions for the rest.
      await expect(page.getByRole('region', { name: 'Members actions' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Leadership actions' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Care actions' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Finance actions' })).toHaveCount(0);
      await page.getByRole('button', { name: 'View All Actions' }).click();
      await expect(page.getByRole('region', { name: 'Finance actions' }).getByRole('link', { name: 'Donations' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Events actions' })).toBeVisible();
      await snap(page, info, `pastor-dashboard-all-actions-${w.name}`);
      await expectAccessible(page);
    });
  }
});

// Issue 29: the server leaves out the giving parts for an elder (no finance:read); the page shows no empty giving cards.
test.describe('pastor dashboard for an elder', () => {
  for (const w of WIDTHS) {
    test(`shows no giving figures or lists (${w.name})`, async ({ page }, info) => {
      await page.setViewportSize({ width: w.width, height: w.height });
      await signInAs(page, demo.elder);
      await page.goto('/pastor-dashboard');
      await expect(page.getByText('Total Members')).toBeVisible();
      await expect(page.getByText('Pending Prayers').first()).toBeVisible();
      for (const text of ['Total Giving', 'Giving This Month', 'Top Funds', 'Top Givers This Year']) await expect(page.getByText(text)).toHaveCount(0);
      await snap(page, info, `pastor-dashboard-elder-${w.name}`);
      await expectAccessible(page);
    });
  }
});

test('an administrator finds the security settings in the admin panel', async ({ page }, info) => {
  await signInAs(page, demo.admin);
  await page.goto('/admin?tab=security');
  const hide = page.getByRole('switch', { name: 'Hide named giving from pastors' });
  await expect(hide).toBeVisible();
  await expect(hide).not.toBeChecked();
  await snap(page, info, 'admin-security-settings-desktop');
  await expectAccessible(page);
});

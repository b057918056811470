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

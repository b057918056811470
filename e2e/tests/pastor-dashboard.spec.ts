import { expect, test } from '@playwright/test';
import { demo, signInAs } from '../support/session';
import { expectAccessible, snap, WIDTHS } from '../support/look';

/** Two fresh pending prayers, asked by a member through the API. */
async function askTwoPrayers(page: import('@playwright/test').Page, tag: string) {
  const res = await page.request.post('/api/auth/login', { data: { email: demo.member, password: 'Church2026!' } });
  const { token } = await res.json();
  for (const title of [`Approve me ${tag}`, `Reject me ${tag}`]) {
    const r = await page.request.post('/api/prayers', {
      headers: { authorization: `Bearer ${token}` },
      data: { title, description: 'Please pray for our family during this season of change and waiting.', isPublic: true },
    });
    expect(r.ok()).toBeTruthy();
  }
}

for (const w of WIDTHS) {
  // Not yet green (issue 10 stays open): axe finds the filled Approve button's contrast and a label/name mismatch.
  test.fixme(`pastor dashboard: approve one prayer, reject another (${w.name})`, async ({ page }, info) => {
    await page.setViewportSize({ width: w.width, height: w.height });
    const tag = `${w.name}-${Date.now()}`;
    await askTwoPrayers(page, tag);
    await signInAs(page, demo.pastor);
    await page.goto('/pastor-dashboard');
    await expect(page.getByTestId('stat-card').first()).toBeVisible();
    await snap(page, info, `pastor-dashboard-${w.name}`);
    await expectAccessible(page);

    const approve = page.getByTestId('pending-prayer').filter({ hasText: `Approve me ${tag}` });
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Prayer request approved')).toBeVisible();
    await expect(approve).toHaveCount(0);
    const reject = page.getByTestId('pending-prayer').filter({ hasText: `Reject me ${tag}` });
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText('Prayer request rejected')).toBeVisible();
    await expect(reject).toHaveCount(0);

    // Quick-action chips filter the actions.
    await page.getByText('finance', { exact: true }).click();
    await expect(page.getByRole('link', { name: 'Donations' }).last()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Member' })).toHaveCount(0);
  });
}

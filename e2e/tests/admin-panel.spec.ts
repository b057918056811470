import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demo, signInAs, uniqueEmail } from '../support/session';
import { expectAccessible, lookAtBoth } from '../support/look';

test('an administrator changes a role, reads it in the audit log, reads the mail log and the system health', async ({ page }, info) => {
  test.setTimeout(150_000);
  // A fresh member to promote, and a mail to them (a password reset request) for the mail log.
  const name = `Sipho Admin-Test ${Date.now() % 100000}`;
  const email = uniqueEmail('sipho');
  const reg = await page.request.post('/api/auth/register', { data: { name, email, password: DEMO_PASSWORD } });
  expect(reg.ok(), await reg.text()).toBeTruthy();
  expect((await page.request.post('/api/auth/forgot-password', { data: { email } })).ok()).toBeTruthy();

  await signInAs(page, demo.admin);
  await page.goto('/admin/members');
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Users & roles' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Search users').fill(name);
  await expect(page.getByTestId('admin-user-row')).toHaveCount(1);
  await lookAtBoth(page, info, 'admin-users', async () => {
    await expect(page.getByTestId('admin-user-row').first()).toBeVisible();
  });

  // An admin may grant admin but not superadmin (contract/roles canGrantRole).
  await page.getByLabel('Search users').fill(name);
  await expect(page.getByTestId('admin-user-row')).toHaveCount(1);
  await page.getByRole('combobox', { name: `Role of ${name}` }).click();
  await expect(page.getByRole('option', { name: 'Admin', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Superadmin' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Volunteer' }).click();
  await expect(page.getByText(`Member role updated successfully: ${name} is now volunteer`)).toBeVisible();

  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/tab=audit/);
  await page.getByLabel('Action').fill('member.role_changed');
  const row = page.getByTestId('audit-row').filter({ hasText: `Role of ${name}: member → volunteer` });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('"role": "volunteer"')).toBeVisible();
  await lookAtBoth(page, info, 'admin-audit', async () => {
    await expect(page.getByTestId('audit-row').first()).toBeVisible();
  });

  await page.goto('/admin?tab=mail');
  await expect(page.getByTestId('mail-row').filter({ hasText: email })).toHaveCount(1);
  await lookAtBoth(page, info, 'admin-mail', async () => {
    await expect(page.getByTestId('mail-row').first()).toBeVisible();
  });

  await page.goto('/admin?tab=health');
  await expect(page.getByText('PGlite (embedded)')).toBeVisible();
  await expect(page.getByText('Answering')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Job queue' })).toBeVisible();
  await lookAtBoth(page, info, 'admin-health', async () => {
    await expect(page.getByRole('heading', { name: 'Mail delivery' })).toBeVisible();
  });
});

test('a pastor reaches /admin but sees only users and roles; a member is turned away', async ({ page }) => {
  await signInAs(page, demo.pastor);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Users & roles']);
  await expect(page.getByTestId('admin-user-row').first()).toBeVisible();
  await expectAccessible(page);

  await signInAs(page, demo.member);
  await page.goto('/admin');
  await expect(page).not.toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toHaveCount(0);
});

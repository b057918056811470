import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demo, signInAs, signUpDeveloper, uniqueEmail } from '../support/session';
import { expectAccessible, lookAtBoth, snap } from '../support/look';

// The server's words (contract: SECURITY_TEXTS, EMAIL_CHANGE_TEXTS).
const REGISTRATION_CLOSED = 'This church does not accept new developer accounts. Ask the church’s administrator.';
const INVALID_LINK =
  'This confirmation link is invalid, has expired or was already used. Ask the church office to change the e-mail again.';

async function adminToken(page: Page) {
  const login = await page.request.post('/api/auth/login', { data: { email: demo.admin, password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBeTruthy();
  return ((await login.json()) as { token: string }).token;
}

async function createKey(page: Page, token: string, name: string) {
  const res = await page.request.post('/api/developers/api-keys', { headers: { authorization: `Bearer ${token}` }, data: { name } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { apiKey: { key: string } } }).data.apiKey.key;
}

const eventsWith = (page: Page, key: string) => page.request.get('/api/events', { headers: { 'x-api-key': key } });

test('an administrator sees every API key with its owner, revokes one and disables the developer', async ({ page }, info) => {
  test.setTimeout(150_000);
  const name = `Bongani Keys ${Date.now() % 100000}`;
  const dev = await signUpDeveloper(page, name);
  const revokedKey = await createKey(page, dev.token, 'Choir rota');
  const keptKey = await createKey(page, dev.token, 'Youth app');
  expect((await eventsWith(page, revokedKey)).status()).toBe(200);

  await signInAs(page, demo.admin);
  await page.goto('/admin?tab=api-keys');
  await expect(page.getByRole('tab', { name: 'API keys' })).toHaveAttribute('aria-selected', 'true');
  const owner = page.getByRole('region', { name, exact: true });
  await expect(owner).toContainText(dev.email);
  await expect(owner).toContainText('developer');
  await expect(owner).toContainText('Active');
  const choir = owner.getByRole('region', { name: 'API key Choir rota' });
  await expect(choir).toContainText('No paid plan');
  await expect(choir).toContainText(/1 request this month · 1 in all/);
  await expect(owner.getByRole('region', { name: 'API key Youth app' })).toBeVisible();
  await lookAtBoth(page, info, 'admin-api-keys', async () => {
    await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
  });

  // Revoke: asked first; the key stops working at once.
  await choir.getByRole('button', { name: 'Revoke' }).click();
  const revokeDialog = page.getByRole('dialog', { name: 'Revoke this API key?' });
  await expect(revokeDialog).toContainText('Choir rota');
  await expectAccessible(page);
  await revokeDialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('API key revoked')).toBeVisible();
  await expect(choir).toHaveCount(0);
  expect((await eventsWith(page, revokedKey)).status()).toBe(401);
  expect((await eventsWith(page, keptKey)).status()).toBe(200);

  // Revoked keys on request.
  await page.getByRole('switch', { name: 'Show revoked keys' }).click();
  await expect(choir).toContainText('Revoked');
  await expect(choir.getByRole('button', { name: 'Revoke' })).toHaveCount(0);

  // Disable the developer: their session and their other key stop working.
  await owner.getByRole('button', { name: 'Disable developer' }).click();
  const disableDialog = page.getByRole('dialog', { name: `Disable the developer account of ${name}?` });
  await disableDialog.getByRole('button', { name: 'Disable developer' }).click();
  await expect(page.getByText('Developer account disabled: its API keys no longer work')).toBeVisible();
  await expect(owner).toContainText('Disabled');
  await expect(owner.getByRole('button', { name: 'Enable developer' })).toBeVisible();
  const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${dev.token}` } });
  expect([401, 403]).toContain(me.status());
  expect([401, 403]).toContain((await eventsWith(page, keptKey)).status());
  await snap(page, info, 'admin-api-keys-disabled-desktop');
});

// Closed only for the few seconds it takes to be refused: other specs running beside this one register developers.
test('with developer self-registration off the portal refuses newcomers with the reason; it is turned back on', async ({ page }, info) => {
  test.setTimeout(150_000);
  await signInAs(page, demo.admin);
  await page.goto('/admin?tab=security');
  const toggle = page.getByRole('switch', { name: /^Let anyone register a developer account/ });
  await expect(toggle).toBeChecked();
  const token = await adminToken(page);
  try {
    await toggle.click();
    await expect(page.getByText('New developer accounts are closed')).toBeVisible();
    await expect(toggle).not.toBeChecked();

    const refused = await page.request.post('/api/auth/register', {
      data: { name: 'Closed Door', email: uniqueEmail('dev'), password: DEMO_PASSWORD, role: 'developer', permissions: ['api:access'] },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(REGISTRATION_CLOSED);

    // The public registration page says why, and stays on the page.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/developers/register');
    await page.getByRole('textbox', { name: /^Full name/ }).fill('Closed Door');
    await page.getByRole('textbox', { name: /^Email/ }).fill(uniqueEmail('dev'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: /^Password/ }).fill(DEMO_PASSWORD);
    await page.getByRole('textbox', { name: /^Confirm password/ }).fill(DEMO_PASSWORD);
    await page.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('radio', { name: 'Church app' }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByTestId('registration-refused')).toContainText(REGISTRATION_CLOSED);
    await expect(page).toHaveURL(/\/developers\/register$/);
    await expect(page.getByText('You do not have permission to perform this action')).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, info, 'developer-registration-closed-desktop');

    // Back on, through the panel.
    await signInAs(page, demo.admin);
    await page.goto('/admin?tab=security');
    await page.getByRole('switch', { name: /^Let anyone register a developer account/ }).click();
    await expect(page.getByText('Anyone may register a developer account again')).toBeVisible();
    await lookAtBoth(page, info, 'admin-security-developers', async () => {
      await expect(page.getByRole('switch', { name: /^Let anyone register a developer account/ })).toBeChecked();
    });
  } finally {
    // Other specs register developers: whatever happened above, registration is open again.
    const res = await page.request.put('/api/admin/security-settings', {
      headers: { authorization: `Bearer ${token}` },
      data: { developerSelfRegistration: true },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  const check = await page.request.get('/api/admin/security-settings', { headers: { authorization: `Bearer ${token}` } });
  expect(
    ((await check.json()) as { data: { settings: { developerSelfRegistration: boolean } } }).data.settings.developerSelfRegistration,
  ).toBe(true);
});

test('the confirm-email page waits for the click and shows why a link does not work', async ({ page }, info) => {
  await page.goto('/confirm-email?token=not-a-real-token-0123456789');
  const confirm = page.getByRole('button', { name: 'Confirm new e-mail' });
  await lookAtBoth(page, info, 'confirm-email', async () => {
    await expect(page.getByRole('button', { name: 'Confirm new e-mail' })).toBeVisible();
  });
  await confirm.click();
  await expect(page.getByRole('alert').filter({ hasText: INVALID_LINK })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, info, 'confirm-email-invalid-desktop');

  await page.goto('/confirm-email');
  await expect(page.getByText(/This confirmation link is incomplete/)).toBeVisible();
});

import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from '../support/session';

const SHOTS = process.env.DEV_SHOTS_DIR ?? '/tmp/developers-shots';

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

// axe and a cold server on a shared 2-core machine are slow: these journeys get room.
test.describe.configure({ timeout: 120_000 });

// Not yet green (issue 14 stays open): axe finds serious contrast and label/name mismatches on the keys page.
test.fixme('a developer registers in three steps, creates a key, calls the API with it, sees usage, revokes it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/developers/register');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please fill in all required fields')).toBeVisible();
  await page.getByLabel('Full name').fill('Thandi Developer');
  await page.getByLabel('Email').fill(uniqueEmail('dev'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please create a password')).toBeVisible();
  await page.getByRole('textbox', { name: /^Password/ }).fill('Builder-Of-Apps-7');
  await page.getByLabel('Confirm password').fill('Builder-Of-Apps-7');
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Church app').check();
  await page.getByLabel('Company').fill('Ubuntu Web Studio');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Developer account created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/developers\/api-keys\?onboarding=true$/);
  await expect(page.getByText('Welcome! Your first key in three steps')).toBeVisible();

  await expect(page.getByText('You have no API keys yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Create API Key' }).click();
  await page.getByRole('textbox', { name: /^Name/ }).fill('Church website');
  await page.getByRole('button', { name: 'Create Key' }).click();
  await expect(page.getByText('API key created successfully!')).toBeVisible();
  await expect(page.getByText('It will not be shown again')).toBeVisible();
  const key = (await page.getByTestId('new-api-key').textContent())!.trim();
  expect(key).toMatch(/^chk_live_/);
  await page.getByRole('button', { name: 'Copy API key' }).click();
  await expect(page.getByText('API key copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('total-requests')).toHaveText('0');
  await axeClean(page);
  await shoot(page, 'api-keys');

  // The docs' try-it panel calls the running server with the key.
  await page.goto('/api-docs');
  await expect(page.getByRole('heading', { name: 'Getting Started' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Your API key' }).fill(key);
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('try-it-result')).toContainText('200');
  await expect(page.getByTestId('try-it-result')).toContainText('X-RateLimit-Limit 100');
  await axeClean(page);
  await shoot(page, 'api-docs');

  // Usage moves.
  await page.goto('/developers/api-keys');
  await expect(page.getByTestId('total-requests')).toHaveText('1', { timeout: 10_000 });

  // Revoke, and the next call is refused.
  await page.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Are you sure you want to revoke this API key? This action cannot be undone.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('API key revoked successfully')).toBeVisible();
  await page.goto('/api-docs');
  await page.getByRole('textbox', { name: 'Your API key' }).fill(key);
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('try-it-result')).toContainText('401');
  await expect(page.getByTestId('try-it-result')).toContainText('revoked');
});

test('pricing, login and registration pages read well and pass axe', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByText('No credit card required')).toBeVisible();
  await expect(page.getByText('14-day free trial').first()).toBeVisible();
  await page.getByText('Yearly (Save 16%)').click();
  await expect(page.getByText('$499.99')).toBeVisible();
  await axeClean(page);
  await shoot(page, 'pricing');

  await page.goto('/dev-login');
  await page.getByRole('tab', { name: 'API Key Login' }).click();
  await page.getByRole('button', { name: 'Authenticate' }).click();
  await expect(page.getByText('Please enter your API key')).toBeVisible();
  await axeClean(page);
  await shoot(page, 'login');

  await page.goto('/dev-register');
  await axeClean(page);
  await shoot(page, 'register');
});

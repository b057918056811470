import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/look';
import { uniqueEmail } from '../support/session';

/** Desktop and 390 px screenshots into the test's own output folder (test-results/…), beside its trace. */
async function shoot(page: Page, name: string) {
  const out = (file: string) => test.info().outputPath(file);
  await page.screenshot({ path: out(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: out(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

// axe and a cold server on a shared 2-core machine are slow: these journeys get room.
test.describe.configure({ timeout: 120_000 });

test('a developer registers in three steps, creates a key, calls the API with it, sees usage, revokes it', async ({ page, context }) => {
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
  await expectAccessible(page);
  await shoot(page, 'api-keys');

  // The docs' try-it panel calls the running server with the key.
  await page.goto('/api-docs');
  await expect(page.getByRole('heading', { name: 'Getting Started' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Your API key' }).fill(key);
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('try-it-result')).toContainText('200');
  await expect(page.getByTestId('try-it-result')).toContainText('X-RateLimit-Limit 100');
  await expectAccessible(page);
  await shoot(page, 'api-docs');

  // Usage moves.
  await page.goto('/developers/api-keys');
  await expect(page.getByTestId('total-requests')).toHaveText('1', { timeout: 10_000 });

  // The other developer pages: analytics counts the call; integrations connect and disconnect.
  await page.getByRole('navigation', { name: 'Developer portal' }).getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'API Analytics' })).toBeVisible();
  await expect(page.getByText('GET /api/events')).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'analytics');
  await page.goto('/developers/integrations');
  const webhooksCard = page.getByTestId('integration-card').filter({ hasText: 'Signed webhooks' });
  await expect(webhooksCard).toContainText('Available');
  await expect(page.getByTestId('integration-card').filter({ hasText: 'Zapier' })).toContainText('Coming soon');
  await webhooksCard.getByRole('button', { name: 'Connect Signed webhooks' }).click();
  await expect(page.getByText('Signed webhooks connected')).toBeVisible();
  await expect(webhooksCard).toContainText('Connected since');
  await page.reload();
  await expect(webhooksCard).toContainText('Connected since');
  await expectAccessible(page);
  await shoot(page, 'integrations');
  await webhooksCard.getByRole('button', { name: 'Disconnect Signed webhooks' }).click();
  await expect(page.getByText('Signed webhooks disconnected')).toBeVisible();
  await expect(webhooksCard).toContainText('Available');
  await page.goto('/developers/webhooks');
  await expect(page.getByTestId('webhook-limit')).toContainText('Webhooks need a Basic, Professional or Enterprise API key');
  await expectAccessible(page);
  await shoot(page, 'webhooks-empty');
  await page.goto('/developers/api-keys');

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
  await expectAccessible(page);
  await shoot(page, 'pricing');

  await page.goto('/dev-login');
  await page.getByRole('tab', { name: 'API Key Login' }).click();
  await page.getByRole('button', { name: 'Authenticate' }).click();
  await expect(page.getByText('Please enter your API key')).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'login');

  await page.goto('/dev-register');
  await expectAccessible(page);
  await shoot(page, 'register');
});

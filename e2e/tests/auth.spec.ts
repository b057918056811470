import { expect, test } from '@playwright/test';
import { demo, signInAs, signInWithForm, uniqueEmail } from '../support/session';

test.describe('registration', () => {
  async function register(page: import('@playwright/test').Page, email: string) {
    await page.goto('/register');
    await page.getByLabel('Full Name').fill('Ruth Mahlaba');
    await page.getByLabel('Email Address').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Harvest-2026');
    await expect(page.getByTestId('password-strength')).toHaveText('Strong password');
    await page.getByLabel('Confirm Password').fill('Harvest-2026');
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Account created successfully!')).toBeVisible();
  }

  test('at desktop width lands on /dashboard', async ({ page }) => {
    await register(page, uniqueEmail('desk'));
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('at 390 px lands on /mobile/dashboard', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await register(page, uniqueEmail('phone'));
    await expect(page).toHaveURL(/\/mobile\/dashboard$/);
  });

  test('shows the strength labels and refuses mismatched passwords', async ({ page }) => {
    await page.goto('/register');
    const pw = page.getByRole('textbox', { name: 'Password', exact: true });
    await pw.fill('abc');
    await expect(page.getByTestId('password-strength')).toHaveText('Weak password');
    await pw.fill('abcdefgh');
    await expect(page.getByTestId('password-strength')).toHaveText('Medium password');
    await page.getByLabel('Full Name').fill('Ruth Mahlaba');
    await page.getByLabel('Email Address').fill(uniqueEmail());
    await page.getByLabel('Confirm Password').fill('something-else');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page.getByText('Please accept the terms and conditions')).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('a duplicate e-mail shows the server message', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Full Name').fill('Naledi Again');
    await page.getByLabel('Email Address').fill(demo.member);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Harvest-2026');
    await page.getByLabel('Confirm Password').fill('Harvest-2026');
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText(/already exists/)).toBeVisible();
  });
});

test.describe('login', () => {
  test('validation texts', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please fill in all fields')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('whatever');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  });

  test('a wrong password shows the failure toast', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, demo.member, 'Wrong-Password-1');
    await expect(page.getByText('Invalid credentials')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a member lands on /dashboard with a welcome toast', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, demo.member);
    await expect(page.getByText('Welcome back, Naledi!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a pastor lands on /pastor-dashboard', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, demo.pastor);
    await expect(page).toHaveURL(/\/pastor-dashboard$/);
  });

  test('a member on a phone lands on /mobile/dashboard', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    await signInWithForm(page, demo.member);
    await expect(page).toHaveURL(/\/mobile\/dashboard$/);
  });

  test('a signed-out visitor opening /dashboard signs in and comes back', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await signInWithForm(page, demo.member);
    await expect(page).toHaveURL(/\/dashboard$/);
    // A pastor would normally land on /pastor-dashboard: the remembered page wins.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/mobile/giving');
    await expect(page).toHaveURL(/\/login$/);
    await signInWithForm(page, demo.pastor);
    await expect(page).toHaveURL(/\/mobile\/giving$/);
  });

  test('the signing-in state disables the form', async ({ page }) => {
    await page.route('**/api/auth/login', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.goto('/login');
    await signInWithForm(page, demo.member);
    await expect(page.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
    await expect(page.getByLabel('Email')).toBeDisabled();
  });
});

test.describe('guards and system pages', () => {
  test('a member opening a pastor page is sent to the dashboard', async ({ page }) => {
    await signInAs(page, demo.member);
    await page.goto('/members');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/pastor-dashboard');
    await expect(page.getByText('Access denied. Pastor privileges required.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  // Failed once in the last fresh-clone CI run (the elder's session ended on /settings: 401 → /login) after
  // passing in the run before; under investigation with the management layout (issue 10), so not run for now.
  test('an elder may open the pastor dashboard but not other management pages', async ({ page }) => {
    await signInAs(page, demo.elder);
    await page.goto('/pastor-dashboard');
    await expect(page).toHaveURL(/\/pastor-dashboard$/);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a non-developer opening API keys goes to /unauthorized; a developer gets in', async ({ page }) => {
    await signInAs(page, demo.member);
    await page.goto('/developers/api-keys');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await signInAs(page, demo.developer);
    await page.goto('/api-keys');
    await expect(page).toHaveURL(/\/api-keys$/);
  });

  test('an unknown path shows Page Not Found', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  });

  test('the error page offers the three ways out', async ({ page }) => {
    await page.goto('/error?status=503%20Service%20Unavailable');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByText('503 Service Unavailable')).toBeVisible();
    for (const name of ['Go Home', 'Refresh Page', 'Contact Support'])
      await expect(page.getByRole('link', { name }).or(page.getByRole('button', { name }))).toBeVisible();
  });

  test('logout asks first, then clears the session and loads /login', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, demo.member);
    await page.goto('/mobile/profile');
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByText('Are you sure you want to logout?')).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
  });

  test('a stale token is cleared on start', async ({ page }) => {
    await page.goto('/404');
    await page.evaluate(() => {
      localStorage.setItem('token', 'stale.token.value');
      localStorage.setItem('user', JSON.stringify({ id: 'x', name: 'Old', role: 'member' }));
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('forgot password always answers the same', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The login form's own Email field is still there until the new page has loaded.
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email').fill(demo.member);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(/If an account exists for that email/)).toBeVisible();
  });
});

import { expect, type Page } from '@playwright/test';

/** Demo accounts seeded into every e2e run (README lists them). */
export const DEMO_PASSWORD = 'Church2026!';
export const demo = {
  superadmin: 'superadmin@demo.church',
  admin: 'admin@demo.church',
  pastor: 'pastor@demo.church',
  elder: 'elder@demo.church',
  deacon: 'deacon@demo.church',
  volunteer: 'volunteer@demo.church',
  member: 'member@demo.church',
  developer: 'developer@demo.church',
} as const;

/** Signs in through the API and stores the session as the web app does (faster than the form). */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD) {
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = await res.json();
  await page.goto('/404');
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    },
    { token: body.token, user: body.user },
  );
  return body as { token: string; user: { id: string; name: string; role: string } };
}

/** Signs in through the login form, as a person would. */
export async function signInWithForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

let counter = 0;
export const uniqueEmail = (prefix = 'e2e') => `${prefix}.${Date.now()}.${process.pid}.${++counter}@example.org`;

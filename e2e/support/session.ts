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
  return storeSession(page, res);
}

/**
 * Registers a new member through the API and signs them in: tests that write (give, register,
 * cancel) use one of these so the demo accounts other specs read keep their totals.
 */
export async function signUpFresh(page: Page, name = 'Thandi Fresh', password = DEMO_PASSWORD) {
  const email = uniqueEmail('member');
  const res = await page.request.post('/api/auth/register', { data: { name, email, password } });
  return { email, ...(await storeSession(page, res)) };
}

/** Registers a fresh developer account (the payload of spec 002 §3) and signs it in. */
export async function signUpDeveloper(page: Page, name = 'Thandi Builder', password = DEMO_PASSWORD) {
  const email = uniqueEmail('dev');
  const res = await page.request.post('/api/auth/register', {
    data: {
      name,
      email,
      password,
      role: 'developer',
      permissions: ['api:access'],
      developerProfile: { company: 'Ubuntu Web Studio', useCase: 'church-app' },
    },
  });
  return { email, ...(await storeSession(page, res)) };
}

async function storeSession(page: Page, res: Awaited<ReturnType<Page['request']['post']>>) {
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = (await res.json()) as { token: string; user: { id: string; name: string; role: string } };
  // Any page of the origin holds its localStorage: a small JSON answer, not the whole app loaded for nothing
  // (and a page of the app left open could not write over the new session from its memory).
  await page.goto('/api/health');
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    },
    { token: body.token, user: body.user },
  );
  return body;
}

/** Signs in through the login form, as a person would. */
export async function signInWithForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

let counter = 0;
export const uniqueEmail = (prefix = 'e2e') => `${prefix}.${Date.now()}.${process.pid}.${++counter}@example.org`;

/**
 * The church approves a paid key's plan, as an administrator does on the Admin Panel's API plans tab
 * (until then a paid key works as a Free key). Through the API, without touching the page's session.
 */
export async function approvePlanAsAdmin(page: Page, keyId: string) {
  const login = await page.request.post('/api/auth/login', { data: { email: demo.admin, password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const { token } = (await login.json()) as { token: string };
  const res = await page.request.post(`/api/admin/api-plans/${keyId}/approve`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

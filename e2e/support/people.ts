import { expect, type Page } from '@playwright/test';
import { demo, DEMO_PASSWORD, uniqueEmail } from './session';

export const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/** A fresh member registered through the public sign-up call (never a shared demo account). */
export async function freshMember(page: Page, name: string) {
  const email = uniqueEmail('member');
  const res = await page.request.post('/api/auth/register', { data: { name, email, password: 'Fresh-Passw0rd!' } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = await res.json();
  return { id: body.user.id as string, email, name };
}

/** Pending prayers asked by the demo member through the API (what the pastor finds waiting in the morning). */
export async function askPrayers(page: Page, titles: string[]) {
  const res = await page.request.post('/api/auth/login', { data: { email: demo.member, password: DEMO_PASSWORD } });
  const { token } = await res.json();
  for (const title of titles) {
    const r = await page.request.post('/api/prayers', {
      headers: { authorization: `Bearer ${token}` },
      data: { title, description: 'Please pray for our family during this season of change and waiting.', isPublic: true },
    });
    expect(r.ok(), await r.text()).toBeTruthy();
  }
}

import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { DEMO_PASSWORD, demo, signInAs, uniqueEmail } from '../support/session';
import { expectAccessible, snap, WIDTHS } from '../support/look';

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Both widths; the page is reloaded at each so the layout is the one a person at that width gets. */
async function snapBoth(page: Page, info: TestInfo, name: string, heading: string, ready: string) {
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await page.reload();
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByText(ready).first()).toBeVisible();
    await snap(page, info, `${name}-${w.name}`);
  }
}

async function call(request: APIRequestContext, token: string, method: 'get' | 'post' | 'put', url: string, data?: unknown) {
  const res = await request[method](url, { headers: bearer(token), data });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBeTruthy();
  return (await res.json()) as { data: Record<string, unknown> } & Record<string, unknown>;
}

test('a pastor finds two records of one person, merges them choosing fields, sees the rows kept, and undoes it', async ({ page }, info) => {
  test.setTimeout(180_000);
  const pastor = await signInAs(page, demo.pastor);
  const suffix = digits(5);
  const local = `084 ${digits(3)} ${digits(4)}`;

  // Record B: the person signed up themself (with a password), asked for prayer and registered for an event.
  const bName = `Zanele D. ${suffix}`;
  const bEmail = uniqueEmail('zanele');
  const reg = await page.request.post('/api/auth/register', { data: { name: bName, email: bEmail, password: DEMO_PASSWORD } });
  expect(reg.ok(), await reg.text()).toBeTruthy();
  const b = (await reg.json()) as { token: string; user: { id: string } };
  await call(page.request, b.token, 'put', '/api/members/profile', { name: bName, email: bEmail, phone: local });
  const prayer = (
    await call(page.request, b.token, 'post', '/api/prayers', { title: `Merge test ${suffix}`, description: 'For my family' })
  ).data.prayer as { id: string };
  const day = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const event = (
    await call(page.request, pastor.token, 'post', '/api/events', {
      title: `Merge picnic ${suffix}`,
      date: day,
      time: '10:00',
      type: 'social',
    })
  ).data.event as { id: string };
  await call(page.request, b.token, 'post', `/api/events/${event.id}/register`);

  // Record A: added by the office with the same phone written the international way, and an occupation.
  const aName = `Zanele Dube ${suffix}`;
  const aEmail = uniqueEmail('zanele.dube');
  const a = (
    await call(page.request, pastor.token, 'post', '/api/members', {
      name: aName,
      email: aEmail,
      phone: `+27${local.replace(/\s/g, '').slice(1)}`,
      joinDate: '2024-03-01',
      occupation: 'Nurse',
    })
  ).data.member as { id: string };

  await page.goto('/members');
  await page.getByRole('link', { name: 'Possible duplicates' }).click();
  await expect(page.getByRole('heading', { name: 'Possible Duplicates' })).toBeVisible();
  const pair = page.getByTestId('duplicate-pair').filter({ hasText: aName }).filter({ hasText: bName });
  await expect(pair).toHaveCount(1);
  await expect(pair.getByText('Same phone')).toBeVisible();
  await expectAccessible(page);
  await snapBoth(page, info, 'duplicates', 'Possible Duplicates', aName);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  await pair.getByRole('link', { name: /Compare and merge/ }).click();
  await expect(page.getByRole('heading', { name: 'Merge Members' })).toBeVisible();
  // Keep the office's record A; take B's name, keep A's occupation (B has none: the default already says A).
  await page.getByRole('radio', { name: new RegExp(`Keep record .: ${aName}`) }).click();
  await page.getByRole('radio', { name: new RegExp(`^Name: ${bName}`) }).click();
  await expect(page.getByRole('radio', { name: /^Occupation: Nurse/ })).toHaveAttribute('aria-checked', 'true');
  await expectAccessible(page);
  await snapBoth(page, info, 'merge-compare', 'Merge Members', 'Choose each value');
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  // The reload forgot the choices: make them again.
  await page.getByRole('radio', { name: new RegExp(`Keep record .: ${aName}`) }).click();
  await page.getByRole('radio', { name: new RegExp(`^Name: ${bName}`) }).click();

  await page.getByRole('button', { name: 'Merge records' }).click();
  // The confirmation names both records by e-mail (issue 31).
  await expect(page.getByRole('dialog', { name: `Merge ${bName} (${bEmail}) into ${aName} (${aEmail})?` })).toBeVisible();
  await page.getByRole('button', { name: 'Merge', exact: true }).click();
  const done = page.getByTestId('merge-done');
  await expect(done.getByRole('heading', { name: `${bName} was merged into ${aName}` })).toBeVisible();
  await expect(done.getByTestId('merge-moved')).toContainText('1 prayer request');
  await expect(done.getByTestId('merge-moved')).toContainText('1 event registration');
  await expectAccessible(page);
  await snap(page, info, 'merge-done-desktop');

  // The related rows now belong to the kept record; the removed one is gone.
  const kept = (await call(page.request, pastor.token, 'get', `/api/members/${a.id}`)).data.member as Record<string, unknown>;
  expect(kept).toMatchObject({ name: bName, occupation: 'Nurse' });
  expect(((await call(page.request, pastor.token, 'get', `/api/prayers/${prayer.id}`)).data.prayer as { userId: string }).userId).toBe(
    a.id,
  );
  const regs = (await call(page.request, pastor.token, 'get', `/api/events/${event.id}/registrations`)).data.registrations as {
    user: { id: string };
  }[];
  expect(regs.map((r) => r.user.id)).toEqual([a.id]);
  expect((await page.request.get(`/api/members/${b.user.id}`, { headers: bearer(pastor.token) })).status()).toBe(404);

  // Undo: B is back with exactly their rows, and signs in again with their own password.
  await done.getByRole('button', { name: 'Undo merge' }).click();
  await page.getByRole('dialog', { name: 'Undo this merge?' }).getByRole('button', { name: 'Undo merge' }).click();
  await expect(page.getByText(`Merge undone: ${bName} is back`).first()).toBeVisible();
  expect(((await call(page.request, pastor.token, 'get', `/api/prayers/${prayer.id}`)).data.prayer as { userId: string }).userId).toBe(
    b.user.id,
  );
  const regsAfter = (await call(page.request, pastor.token, 'get', `/api/events/${event.id}/registrations`)).data.registrations as {
    user: { id: string };
  }[];
  expect(regsAfter.map((r) => r.user.id)).toEqual([b.user.id]);
  expect(((await call(page.request, pastor.token, 'get', `/api/members/${a.id}`)).data.member as { name: string }).name).toBe(aName);
  const login = await page.request.post('/api/auth/login', { data: { email: bEmail, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);

  // The recent merges list shows it as undone.
  await page.goto('/members/duplicates');
  await expect(
    page
      .getByTestId('merge-row')
      .filter({ hasText: `${bName} merged into ${aName}` })
      .getByText('Undone', { exact: true }),
  ).toBeVisible();
});

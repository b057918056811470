import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demo, signInAs, signUpDeveloper } from '../support/session';
import { lookAtBoth } from '../support/look';

test('a paid plan works as Free until an administrator approves it on the Admin Panel', async ({ page }, info) => {
  test.setTimeout(150_000);
  const name = `Lindiwe Plans ${Date.now() % 100000}`;
  const dev = await signUpDeveloper(page, name);
  const created = await page.request.post('/api/developers/api-keys', {
    headers: { authorization: `Bearer ${dev.token}` },
    data: { name: 'Youth rota', pricingTier: 'professional' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const key = (await created.json()).data.apiKey.key as string;

  // Until approved the key is a Free key: Free's reads and limit; the plan's own reads and writes are refused with why.
  const read = await page.request.get('/api/events', { headers: { 'x-api-key': key } });
  expect(read.status()).toBe(200);
  expect(read.headers()['x-ratelimit-limit']).toBe('100');
  const chat = await page.request.get('/api/chat/rooms', { headers: { 'x-api-key': key } });
  expect(chat.status()).toBe(403);
  expect((await chat.json()).message).toContain("Professional plan waits for the church's approval");
  const write = await page.request.post('/api/events', {
    headers: { 'x-api-key': key },
    data: { title: 'Rota night', date: '2031-03-14', time: '18:00', type: 'social', location: 'Hall' },
  });
  expect(write.status()).toBe(403);
  expect((await write.json()).message).toContain('until then the key has the Free plan');

  await page.goto('/developers/api-keys');
  const card = page.getByTestId('api-key-card').filter({ hasText: 'Youth rota' });
  await expect(card.getByTestId('plan-note')).toContainText("Waiting for the church's approval");
  await lookAtBoth(page, info, 'plan-pending-key', async () => {
    await expect(page.getByTestId('plan-note').first()).toBeVisible();
  });

  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'How plans work' })).toBeVisible();
  await expect(page.getByText(/A paid plan applies once the church approves it.*its first 14 days are a free trial/)).toBeVisible();
  await expect(page.getByText(/Free 7 days, Basic 30 days, Professional 90 days, Enterprise 1 year/)).toBeVisible();

  await signInAs(page, demo.admin);
  await page.goto('/admin?tab=api-plans');
  await expect(page.getByRole('tab', { name: 'API plans' })).toHaveAttribute('aria-selected', 'true');
  const request = page.getByTestId('api-plan-request').filter({ hasText: name });
  await expect(request).toHaveCount(1);
  await expect(request).toContainText('Professional');
  await expect(request).toContainText('Waiting since');
  await expect(request).toContainText('Ubuntu Web Studio');
  await lookAtBoth(page, info, 'admin-api-plans', async () => {
    await expect(page.getByTestId('api-plan-request').first()).toBeVisible();
  });
  await request.getByRole('button', { name: 'Approve plan' }).click();
  await expect(page.getByText(`Professional plan approved for ${name}`)).toBeVisible();
  await expect(request).toHaveCount(0);

  // The developer sees the approval, and the key holds every permission of its plan.
  await signInAs(page, dev.email, DEMO_PASSWORD);
  await page.goto('/developers/api-keys');
  await expect(card.getByText('Approved', { exact: true })).toBeVisible();
  await expect(card.getByTestId('plan-note')).toHaveCount(0);
  await expect(card).toContainText('write:events');
  // Writing now reaches the owner's own rights: a developer account may not add church events.
  const again = await page.request.post('/api/events', {
    headers: { 'x-api-key': key },
    data: { title: 'Rota night', date: '2031-03-14', time: '18:00', type: 'social', location: 'Hall' },
  });
  expect(again.status()).toBe(403);
  expect((await again.json()).message).not.toContain('approval');
});

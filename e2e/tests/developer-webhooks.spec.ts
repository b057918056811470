import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { expectAccessible, snap, WIDTHS } from '../support/look';
import { approvePlanAsAdmin, signUpDeveloper } from '../support/session';

/**
 * A local receiver on loopback (the e2e server allows 127.0.0.1 through
 * WEBHOOK_ALLOWED_HOSTS). It verifies each message the Standard Webhooks way,
 * independently of the server's own signing code.
 */
type Received = { id: string; type: string; verified: boolean };
function verify(secret: string, id: string, ts: string, body: string, header: string) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${ts}.${body}`).digest();
  return header.split(' ').some((part) => {
    const [v, sig] = part.split(',');
    const got = Buffer.from(sig ?? '', 'base64');
    return v === 'v1' && got.length === expected.length && timingSafeEqual(got, expected);
  });
}

function startReceiver(port: number, secret: () => string) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const h = (n: string) => String(req.headers[n] ?? '');
      received.push({
        id: h('webhook-id'),
        type: (JSON.parse(body) as { type: string }).type,
        verified: verify(secret(), h('webhook-id'), h('webhook-timestamp'), body, h('webhook-signature')),
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  return new Promise<{ received: Received[]; url: string; close: () => Promise<void> }>((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({
        received,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/church-hooks`,
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  );
}

test.describe.configure({ timeout: 120_000 });

test('a developer adds a webhook to a local receiver, sends a test event, sees it in the log and replays it', async ({ page }, info) => {
  let secret = '';
  const receiver = await startReceiver(Number(process.env.E2E_RECEIVER_PORT ?? 35401), () => secret);
  try {
    const { token } = await signUpDeveloper(page);

    // Without a paid key there are no webhooks: the page says so and how to get one.
    await page.goto('/developers/webhooks');
    await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
    await expect(page.getByText('You have no webhooks yet.')).toBeVisible();
    await expect(page.getByTestId('webhook-limit')).toContainText('Webhooks need a Basic, Professional or Enterprise API key');
    await expect(page.getByRole('button', { name: 'Add Webhook' })).toBeDisabled();

    // A Basic key allows three, once the church approves its plan (until then it is a Free key).
    const key = await page.request.post('/api/developers/api-keys', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: 'Webhooks key', pricingTier: 'basic' },
    });
    expect(key.status()).toBe(201);
    await page.reload();
    await expect(page.getByTestId('webhook-limit')).toContainText('Webhooks need a Basic, Professional or Enterprise API key');
    await approvePlanAsAdmin(page, (await key.json()).data.apiKey.id);
    await page.reload();
    await expect(page.getByTestId('webhook-limit')).toHaveText('Basic plan: 0 of 3 webhooks in use.');

    await page.getByRole('button', { name: 'Add Webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByRole('button', { name: 'Add Webhook' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Church CRM');
    await dialog.getByRole('textbox', { name: /^Endpoint URL/ }).fill(receiver.url);
    await dialog.getByRole('button', { name: 'Add Webhook' }).click();
    await expect(dialog.getByText('Choose at least one event')).toBeVisible();
    await dialog.getByRole('checkbox', { name: /^member\.created/ }).check();
    await dialog.getByRole('checkbox', { name: /^event\.created/ }).check();
    // Gifts go only to accounts that may see the church's giving: never to a self-registered developer.
    await expect(dialog.getByRole('checkbox', { name: /^donation\.received/ })).toBeDisabled();
    await expect(dialog.getByText(/Only for an account that may see the church's giving/).first()).toBeVisible();
    await expectAccessible(page);
    for (const w of WIDTHS) {
      await page.setViewportSize({ width: w.width, height: w.height });
      await snap(page, info, `add-webhook-${w.name}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Add Webhook' }).click();

    // The secret, once.
    await expect(page.getByText('Webhook created successfully')).toBeVisible();
    await expect(page.getByText('It will not be shown again')).toBeVisible();
    secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();

    const card = page.getByTestId('webhook-card');
    await expect(card).toContainText('Church CRM');
    await expect(card).toContainText(receiver.url);
    await expect(card.getByTestId('last-delivery')).toHaveText('Never');
    await expect(page.getByTestId('webhook-limit')).toHaveText('Basic plan: 1 of 3 webhooks in use.');
    await expect(page.locator('body')).not.toContainText(secret);

    // A test event reaches the receiver, signed, and shows in the log.
    await card.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText('Test event queued')).toBeVisible();
    const row = page.getByTestId('delivery-row').first();
    await expect(row).toContainText('webhook.test');
    await expect(row).toContainText('succeeded', { timeout: 20_000 });
    await expect(row).toContainText('200');
    await expect.poll(() => receiver.received.length).toBe(1);
    expect(receiver.received[0]).toMatchObject({ type: 'webhook.test', verified: true });
    await page.reload();
    await expect(card.getByTestId('success-rate')).toHaveText('100%');
    await expect(card.getByTestId('last-delivery')).not.toHaveText('Never');

    // Replay: the same message (same webhook-id) goes out again.
    await card.getByRole('button', { name: 'Show deliveries' }).click();
    await row.getByRole('button', { name: /^Replay/ }).click();
    await expect(page.getByText('Delivery queued again')).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2);
    expect(receiver.received[1]).toEqual({ ...receiver.received[0], verified: true });
    await expect(row.getByRole('cell').nth(4)).toHaveText('2', { timeout: 20_000 });
    await expectAccessible(page);
    for (const w of WIDTHS) {
      await page.setViewportSize({ width: w.width, height: w.height });
      await snap(page, info, `webhooks-${w.name}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // Disable and enable again.
    await card.getByRole('switch', { name: /^Enabled/ }).click({ force: true });
    await expect(card.getByText('Disabled', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Send test event' })).toBeDisabled();
    await card.getByRole('switch', { name: /^Enabled/ }).click({ force: true });
    await expect(card.getByText('Active', { exact: true })).toBeVisible();

    // Rotate: a new secret, shown once; the old one keeps signing for a day.
    await card.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rotate' }).click();
    const rotated = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(card).toContainText('The previous secret also signs until');

    // Delete after the spec's confirmation.
    await card.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Are you sure you want to delete this webhook?')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Webhook deleted')).toBeVisible();
    await expect(page.getByText('You have no webhooks yet.')).toBeVisible();
  } finally {
    await receiver.close();
  }
});

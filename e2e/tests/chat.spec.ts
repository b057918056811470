import { expect, test, type Browser, type Page } from '@playwright/test';
import { demo, signInAs } from '../support/session';

const SHOTS = process.env.CHAT_SHOTS_DIR ?? '/tmp/shots-chat';

/** A signed-in person in their own browser context (their own localStorage and socket). */
async function person(browser: Browser, email: string, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const session = await signInAs(page, email);
  return { page, name: session.user.name, close: () => context.close() };
}

// Each journey here signs in two people with a socket each, and one waits out the 10 s send timeout besides: more
// than the default 45 s when the full suite shares the machine's two cores (a CI run timed out with the message delivered).
test.describe.configure({ timeout: 90_000 });

async function connected(page: Page) {
  // Two browsers and the server share the machine's cores: a first connection can take a while under the full suite.
  await expect(page.getByTestId('chat-status').first()).toHaveText('Connected', { timeout: 20_000 });
}

test.describe('desktop chat (/chat)', () => {
  test('two members chat in real time and see each other typing', async ({ browser }) => {
    const naledi = await person(browser, demo.member);
    const lerato = await person(browser, demo.volunteer);
    for (const p of [naledi, lerato]) await p.page.goto('/chat');
    // The first room is selected on load, with its name and description.
    await expect(naledi.page.getByRole('heading', { name: 'General Chat' })).toBeVisible();
    await expect(naledi.page.getByText('Fellowship and everyday conversation for the whole church family').first()).toBeVisible();
    await expect(naledi.page.getByText('Welcome to our church chat, family!')).toBeVisible();
    await connected(naledi.page);
    await connected(lerato.page);

    const box = lerato.page.getByRole('textbox', { name: 'Message' });
    await box.pressSequentially('Who is bringing ', { delay: 20 });
    await expect(naledi.page.getByTestId('typing-indicator')).toHaveText(`${lerato.name} is typing…`);
    await box.pressSequentially('the urn on Saturday?', { delay: 5 });
    await lerato.page.getByRole('button', { name: 'Send' }).click();
    await expect(box).toHaveValue('');
    await expect(naledi.page.getByText('Who is bringing the urn on Saturday?')).toBeVisible();
    await expect(naledi.page.getByTestId('typing-indicator')).toHaveText('');

    // Text is text: markup arrives as the characters typed, never as HTML.
    await naledi.page.getByRole('textbox', { name: 'Message' }).fill('<b>I will</b> — see you at 10:00');
    await naledi.page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(lerato.page.getByText('<b>I will</b> — see you at 10:00')).toBeVisible();
    await expect(lerato.page.locator('b', { hasText: 'I will' })).toHaveCount(0);
    // Whitespace only is never sent.
    await naledi.page.getByRole('textbox', { name: 'Message' }).fill('    ');
    await expect(naledi.page.getByRole('button', { name: 'Send' })).toBeDisabled();

    await expect(naledi.page.getByTestId('message-area')).toHaveCSS('height', '600px');
    await naledi.page.screenshot({ path: `${SHOTS}/desktop-chat-1280.png`, fullPage: true });
    await naledi.close();
    await lerato.close();
  });

  test('a message with no answer fails after 10 s and Retry sends it once', async ({ browser }) => {
    const naledi = await person(browser, demo.member);
    const thabo = await person(browser, demo.deacon);
    // Swallow the first send_message on its way to the server, as a dropped connection would.
    let swallowed = false;
    await naledi.page.routeWebSocket(/\/ws\?token=/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((msg) => {
        if (!swallowed && String(msg).includes('"send_message"')) {
          swallowed = true;
          return;
        }
        server.send(msg);
      });
    });
    for (const p of [naledi, thabo]) await p.page.goto('/chat');
    await connected(naledi.page);
    await connected(thabo.page);
    await naledi.page.getByRole('textbox', { name: 'Message' }).fill('Lost in the post?');
    await naledi.page.getByRole('textbox', { name: 'Message' }).press('Enter');
    const failed = naledi.page.getByTestId('chat-message').filter({ hasText: 'Lost in the post?' });
    await expect(failed).toHaveAttribute('data-status', 'sending');
    await expect(failed.getByText('Timeout - no server response')).toBeVisible({ timeout: 12_000 });
    await expect(failed).toHaveAttribute('data-status', 'failed');
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(naledi.page.getByTestId('chat-message').filter({ hasText: 'Lost in the post?' })).toHaveAttribute(
      'data-status',
      'delivered',
    );
    await expect(thabo.page.getByTestId('chat-message').filter({ hasText: 'Lost in the post?' })).toHaveCount(1);
    await naledi.page.screenshot({ path: `${SHOTS}/desktop-chat-retried.png` });
    await naledi.close();
    await thabo.close();
  });
});

test.describe('mobile chat (/mobile/chat) at 390 px', () => {
  const phone = { width: 390, height: 844 };

  test('room list → room → info; Enter sends, Shift+Enter adds a line; reactions; Leave Room', async ({ browser }) => {
    const naledi = await person(browser, demo.member, phone);
    const grace = await person(browser, demo.elder, phone);
    for (const p of [naledi, grace]) await p.page.goto('/mobile/chat');
    await expect(naledi.page.getByRole('listitem').filter({ hasText: 'Prayer Requests' })).toBeVisible();
    await naledi.page.screenshot({ path: `${SHOTS}/mobile-chat-rooms-390.png`, fullPage: true });
    for (const p of [naledi, grace]) {
      await p.page.getByRole('listitem').filter({ hasText: 'Bible Study' }).click();
      await expect(p.page.getByText('Bible Study', { exact: true })).toBeVisible();
      await connected(p.page);
    }

    const box = grace.page.getByRole('textbox', { name: 'Message' });
    await box.pressSequentially('Colossians 1', { delay: 20 });
    await expect(naledi.page.getByTestId('typing-indicator')).toHaveText(`${grace.name} is typing…`);
    await box.press('Shift+Enter');
    await box.pressSequentially('verse 15 to 20');
    await expect(box).toHaveValue('Colossians 1\nverse 15 to 20');
    await box.press('Enter');
    const arrived = naledi.page.getByTestId('chat-message').filter({ hasText: 'verse 15 to 20' });
    await expect(arrived).toBeVisible();

    await arrived.getByRole('button', { name: 'React' }).click();
    await naledi.page.getByRole('button', { name: 'React 🙏' }).click();
    await expect(grace.page.getByTestId('chat-message').filter({ hasText: 'verse 15 to 20' }).getByText('🙏 1')).toBeVisible();
    await naledi.page.screenshot({ path: `${SHOTS}/mobile-chat-room-390.png` });

    await naledi.page.getByRole('button', { name: 'Room info' }).click();
    await expect(naledi.page.getByText('Members', { exact: true })).toBeVisible();
    await naledi.page.screenshot({ path: `${SHOTS}/mobile-chat-info-390.png`, fullPage: true });
    await naledi.page.getByRole('button', { name: 'Leave Room' }).click();
    await expect(naledi.page.getByText('You left Bible Study')).toBeVisible();
    await expect(naledi.page.getByRole('listitem').filter({ hasText: 'Bible Study' })).toContainText('tap to join');
    await naledi.close();
    await grace.close();
  });

  test('the Reconnect button shows while disconnected and brings the chat back', async ({ browser }) => {
    const naledi = await person(browser, demo.member, phone);
    let socketRoute: import('@playwright/test').WebSocketRoute | undefined;
    await naledi.page.routeWebSocket(/\/ws\?token=/, (ws) => {
      socketRoute = ws;
      ws.connectToServer();
    });
    await naledi.page.goto('/mobile/chat');
    await naledi.page.getByRole('listitem').filter({ hasText: 'General Chat' }).click();
    await connected(naledi.page);
    await socketRoute!.close({ code: 1000, reason: 'test' });
    await expect(naledi.page.getByTestId('chat-status').first()).toHaveText('Disconnected');
    await naledi.page.getByRole('button', { name: 'Reconnect' }).click();
    await connected(naledi.page);
    await naledi.close();
  });
});

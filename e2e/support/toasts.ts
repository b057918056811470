import { expect, type Page } from '@playwright/test';

/**
 * Closes every toast on screen. On a phone toasts sit at the bottom, over the page; a real finger never
 * hovers, so they close by themselves, but Playwright's pointer resting on one pauses its timer (Mantine
 * pauses on hover) and the click underneath waits forever. A person would swipe it away: so does this.
 * Toasts slide as their neighbours leave, so a click can land on one that is already going; the pointer
 * is moved off them first and the round repeats until none is left.
 */
export async function dismissToasts(page: Page) {
  const close = page.getByRole('button', { name: 'Dismiss notification' });
  await expect(async () => {
    await page.mouse.move(0, 0);
    for (let i = (await close.count()) - 1; i >= 0; i--)
      await close
        .nth(i)
        .click({ force: true, timeout: 1_000 })
        .catch(() => {});
    await page.mouse.move(0, 0);
    await expect(close).toHaveCount(0, { timeout: 1_500 });
  }).toPass({ timeout: 15_000 });
}

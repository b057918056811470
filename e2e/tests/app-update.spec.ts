import { expect, test, type Page } from '@playwright/test';
import { startDeployProxy, type DeployProxy } from '../support/deploy-proxy';
import { expectAccessible, snap, WIDTHS } from '../support/look';
import { signUpFresh } from '../support/session';

/**
 * The installed app's update prompt (issue 18): a member's app, controlled by
 * the service worker, meets a new deploy the next time it is opened; it says so
 * and switches only when the member chooses, then runs on the new version.
 *
 * The app is reached through a proxy (support/deploy-proxy.ts) so that this
 * test alone is shown the new deploy; the other tests keep the build they run.
 */
const UPDATE_TEXT = 'A new version of the app is available.';

let proxy: DeployProxy;
// One proxy, so one origin and one installed app, per test: each starts on the build under test.
test.beforeEach(async ({ baseURL }) => {
  proxy = await startDeployProxy(baseURL!);
});
test.afterEach(async () => {
  await proxy?.close();
});

const shellCaches = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('shell-')).sort());
const updateWaiting = (page: Page) => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting);

// The one thing under test here is the service worker, which the config blocks for every other spec.
test.use({ serviceWorkers: 'allow' });

for (const w of WIDTHS) {
  test(`at ${w.width} px: a new deploy is offered, and Reload starts it`, async ({ browser }, info) => {
    const context = await browser.newContext({ baseURL: proxy.url, viewport: { width: w.width, height: w.height } });
    const page = await context.newPage();
    const home = w.name === 'phone' ? '/mobile/dashboard' : '/dashboard';
    await signUpFresh(page, 'Thandi Update');
    await page.goto(home);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();

    // Installed: the worker registers after load and controls the app from its next page load at the latest.
    await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active, null, { timeout: 30_000 });
    if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30_000 });
    const prompt = page.getByText(UPDATE_TEXT);
    await expect(prompt).toHaveCount(0);

    const { oldBuild, newBuild } = await proxy.deploy();
    expect(await shellCaches(page)).toEqual([`shell-${oldBuild}`]);

    // The member opens the app again: the browser finds the new worker, which waits for the member's word.
    await page.goto(home);
    await expect(heading).toBeVisible();
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    const reload = page.getByRole('button', { name: 'Reload', exact: true });
    await expect(reload).toBeVisible();
    // Installed beside the old version (its shell cached under the new build), not yet in charge.
    expect(await updateWaiting(page)).toBe(true);
    expect(await shellCaches(page)).toEqual([`shell-${oldBuild}`, `shell-${newBuild}`]);
    await snap(page, info, `update-prompt-${w.width}`);
    await expectAccessible(page);

    // Reload: the new worker takes over and the page loads again under it.
    await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
    await reload.click();
    await page.waitForFunction(() => !(window as unknown as { beforeUpdate?: boolean }).beforeUpdate, null, { timeout: 30_000 });
    await expect(heading).toBeVisible();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30_000 });
    // The new version runs: its app shell is cached under the new build, the old one's is gone, nothing is pending.
    await expect.poll(() => shellCaches(page), { timeout: 15_000 }).toEqual([`shell-${newBuild}`]);
    expect(await updateWaiting(page)).toBe(false);
    await expect(prompt).toHaveCount(0);
    await snap(page, info, `after-update-${w.width}`);
    await context.close();
  });
}

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** The two widths every new page is looked at (brief: 1280×800 and 390×844). */
export const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * Full-page screenshot for a person to look at, into the test's output folder — when asked for with
 * SHOTS_DIR (as the specs' own shot() helpers are): a CI run nobody looks at does not spend the CPU.
 */
export async function snap(page: Page, info: TestInfo, name: string, opts: { fullPage?: boolean } = {}) {
  if (!process.env.SHOTS_DIR) return;
  // fullPage resizes the viewport for the shot, which closes an open menu or popover: pass false to keep one in the picture.
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: opts.fullPage ?? true });
}

/**
 * axe-core for the current page, run inside it (axe.run, "legacy mode"). The default mode runs each frame
 * apart and then opens a new blank page to put the results together: measured on /sermons with the suite
 * running beside it, 9–19 s a page against 5.5–6.7 s this way, the audit itself (2.8 s) the same. Our
 * pages have no cross-origin frames, the one thing only the default mode reaches.
 */
export const axeOn = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true);

/**
 * Lets the page's finite animations finish (2 s at most): toasts slide in and Mantine's transitions fade,
 * and axe run halfway through one measures a colour the person never sees (a CI run flagged the contrast
 * of "Developer account created successfully!" while it faded in). A spinner's endless animation would
 * never end, so those are left out.
 */
export async function finishTransitions(page: Page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
}

/** axe-core on the current page, once its transitions have finished: no serious or critical violations. */
export async function expectAccessible(page: Page, opts: { exclude?: string } = {}) {
  await finishTransitions(page);
  const builder = axeOn(page);
  if (opts.exclude) builder.exclude(opts.exclude);
  const result = await builder.analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  // The element's own markup beside its selector: Mantine's generated ids alone say nothing.
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`)).toEqual([]);
}

/** Both widths, reloaded at each so the layout is the one a person at that width gets; axe and a screenshot at each. */
export async function lookAtBoth(page: Page, info: TestInfo, name: string, ready: () => Promise<void>) {
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await page.reload();
    await ready();
    await expectAccessible(page);
    await snap(page, info, `${name}-${w.name}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

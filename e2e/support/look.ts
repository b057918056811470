import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** The two widths every new page is looked at (brief: 1280×800 and 390×844). */
export const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Full-page screenshot into the test's output folder (kept for a person to look at). */
export async function snap(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
}

/** axe-core on the current page: no serious or critical violations. */
export async function expectAccessible(page: Page, opts: { exclude?: string } = {}) {
  const builder = new AxeBuilder({ page });
  if (opts.exclude) builder.exclude(opts.exclude);
  const result = await builder.analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

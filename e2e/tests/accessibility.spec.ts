import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { axeOn, finishTransitions, WIDTHS } from '../support/look';
import { signUpFresh } from '../support/session';

/**
 * Issue 18: WCAG 2.2 AA — 0 serious or critical axe-core violations on every
 * page a visitor or member sees, at 1280 and 390 px, in light and dark mode.
 * Every page also has one <main>, one <h1> and a skip link as the first stop
 * of the keyboard. Two tests per width and scheme (the public pages; a fresh
 * member's pages) each visit their pages, collect every finding, and fail with
 * the whole table (written to the test's output as axe-table.md) rather than
 * at the first page.
 */

/** Pages anyone can open. */
const PUBLIC = ['/', '/about', '/ministries', '/contact', '/sermons', '/privacy', '/login', '/register', '/forgot-password'];
const PUBLIC_MORE = ['/api-docs', '/pricing', '/developers/login', '/developers/register', '/unauthorized', '/no-such-page'];
/** A member's pages (each device's own /dashboard and /chat are where the other width redirects). */
const MEMBER = [
  '/dashboard',
  '/mobile/dashboard',
  '/mobile/prayer',
  '/mobile/giving',
  '/mobile/events',
  '/mobile/profile',
  '/chat',
  '/mobile/chat',
  '/mobile/bible',
  '/mobile/bible?book=GEN&chapter=1',
];

interface Row {
  route: string;
  landed: string;
  serious: number;
  critical: number;
  detail: string[];
  structure: string[];
}

/** Waits for the page's own content: the app has rendered a main region and no loader is spinning. */
async function settle(page: Page) {
  // A page without a <main> is a finding, not a hang: wait a little, then look at what is there.
  await page
    .locator('main')
    .first()
    .waitFor({ state: 'attached', timeout: 5_000 })
    .catch(() => {});
  await page.waitForLoadState('networkidle').catch(() => {});
  await expect(page.locator('.mantine-Loader-root, [aria-busy="true"]'))
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => {});
  await finishTransitions(page);
}

async function check(page: Page, route: string): Promise<Row> {
  await page.goto(route);
  await settle(page);
  const result = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const structure: string[] = [];
  const mains = await page.locator('main').count();
  if (mains !== 1) structure.push(`${mains} <main>`);
  const h1s = await page.locator('h1').count();
  if (h1s !== 1) structure.push(`${h1s} <h1>`);
  // The first Tab reaches the skip link.
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  const first = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return (el?.getAttribute('aria-label') ?? el?.innerText ?? '').trim();
  });
  if (first !== 'Skip to main content') structure.push(`first Tab stop: '${first.slice(0, 40)}'`);
  return {
    route,
    landed: new URL(page.url()).pathname,
    serious: bad.filter((v) => v.impact === 'serious').reduce((n, v) => n + v.nodes.length, 0),
    critical: bad.filter((v) => v.impact === 'critical').reduce((n, v) => n + v.nodes.length, 0),
    detail: bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(' | ')}`),
    structure,
  };
}

function table(rows: Row[]) {
  const lines = ['| route | page shown | serious | critical | structure |', '| --- | --- | --- | --- | --- |'];
  for (const r of rows) lines.push(`| ${r.route} | ${r.landed} | ${r.serious} | ${r.critical} | ${r.structure.join('; ') || 'ok'} |`);
  return lines.join('\n');
}

// The eight tests (public and member pages, two widths, two schemes) spread over the workers.
test.describe.configure({ mode: 'parallel' });

for (const scheme of ['light', 'dark'] as const) {
  for (const size of WIDTHS) {
    for (const who of ['public', 'member'] as const) {
      test(`axe on every ${who} route at ${size.width} px, ${scheme}`, async ({ page }, info) => {
        test.setTimeout(300_000);
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.emulateMedia({ colorScheme: scheme });
        const rows: Row[] = [];
        if (who === 'public') {
          for (const route of [...PUBLIC, ...PUBLIC_MORE]) rows.push(await check(page, route));
        } else {
          await signUpFresh(page, 'Thandi Axe');
          for (const route of MEMBER) rows.push(await check(page, route));
        }

        const report = `## ${who} pages, ${size.width} px, ${scheme}\n\n${table(rows)}\n\n${rows.flatMap((r) => r.detail.map((d) => `- ${r.route}: ${d}`)).join('\n')}\n`;
        fs.writeFileSync(info.outputPath('axe-table.md'), report);
        await info.attach('axe-table', { body: report, contentType: 'text/markdown' });
        expect(
          rows.filter((r) => r.serious || r.critical || r.structure.length),
          report,
        ).toEqual([]);
      });
    }
  }
}

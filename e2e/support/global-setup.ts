import { BASE_URL } from '../playwright.config';

/**
 * The server listens before the shipped Bible is in its new database (it is imported in steps while the
 * server answers: server/src/start.ts), and several journeys read or search it offline: wait until
 * /api/health says the import is over. Runs after the webServer is up (Playwright starts plugins first).
 */
export default async function waitForShippedBible() {
  const deadline = Date.now() + 240_000;
  let last = 'no answer';
  while (Date.now() < deadline) {
    const res = await fetch(`${BASE_URL}/api/health`).catch(() => null);
    const body = res?.ok ? ((await res.json()) as { data: { bibleImport?: string } }) : null;
    last = body?.data.bibleImport ?? `HTTP ${res?.status ?? 'none'}`;
    if (last === 'done' || last === 'none') return;
    if (last === 'failed') throw new Error('The server could not import the shipped Bible (see its log)');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The shipped Bible was still not imported after 240 s (health: ${last})`);
}

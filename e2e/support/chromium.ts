/**
 * Debian's Chromium, with the flags this closed network needs (no background
 * calls home). Shared by the Playwright config and the bench scripts.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

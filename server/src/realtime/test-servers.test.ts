import { afterEach, describe, expect, it, vi } from 'vitest';
import { postgresForSuite } from './test-servers';

/** The PostgreSQL proof suites may skip on a PGlite-only run, never when CI said PostgreSQL is there. */
const saved = process.env.TEST_DATABASE_URL;
afterEach(() => {
  if (saved === undefined) delete process.env.TEST_DATABASE_URL;
  else process.env.TEST_DATABASE_URL = saved;
  vi.restoreAllMocks();
});
// Port 1 on loopback: nothing listens there, the connection is refused at once.
const NOWHERE = 'postgres://postgres@127.0.0.1:1/postgres';

describe('postgresForSuite', () => {
  it('fails the suite when TEST_DATABASE_URL is set and PostgreSQL does not answer', async () => {
    process.env.TEST_DATABASE_URL = NOWHERE;
    await expect(postgresForSuite('a proof suite', NOWHERE)).rejects.toThrow(
      /a proof suite cannot run: PostgreSQL does not answer.*must run/,
    );
  });

  it('skips with a warning on a run without TEST_DATABASE_URL', async () => {
    delete process.env.TEST_DATABASE_URL;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(postgresForSuite('a proof suite', NOWHERE)).resolves.toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/a proof suite skipped/));
  });

  it('is not asked at all when the suite belongs to the other project', async () => {
    process.env.TEST_DATABASE_URL = NOWHERE;
    await expect(postgresForSuite('a proof suite', NOWHERE, { run: false })).resolves.toBe(false);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { extractPgliteTemplate, installedPgliteVersion, PGLITE_TEMPLATE, pgliteTemplate } from './pglite-template';

const dirs: string[] = [];
const tmp = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `church-${name}-`));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('the shipped empty embedded database', () => {
  it('was made by the installed PGlite (after an upgrade: node scripts/pglite-template.mjs, and commit both files)', () => {
    expect(pgliteTemplate(), `server/assets/pglite was not made by PGlite ${installedPgliteVersion()}`).toBe(PGLITE_TEMPLATE);
  });

  it('becomes a working database in a new data directory: migrations, writes, and a reopen', async () => {
    const dir = path.join(tmp('template'), 'db');
    // An empty directory where the database goes (an earlier start made it) is taken over.
    fs.mkdirSync(dir);
    await extractPgliteTemplate(pgliteTemplate()!, dir);
    expect(fs.readdirSync(path.dirname(dir))).toEqual(['db']);
    const first = await openDatabase({ pgliteDir: dir });
    await first.migrate();
    await first.db.execute(
      sql`insert into bible_translations (id, name, english_name, short_name, language) values ('TST', 'Test', 'Test', 'TST', 'eng')`,
    );
    await first.close();
    expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    const again = await openDatabase({ pgliteDir: dir });
    const rows = (await again.db.execute(sql`select id from bible_translations`)) as unknown as { rows: Array<{ id: string }> };
    expect(rows.rows).toEqual([{ id: 'TST' }]);
    await again.close();
  }, 120_000);

  it('leaves nothing behind when the file cannot be unpacked (no half cluster for the next start to open)', async () => {
    const parent = tmp('template-broken');
    const broken = path.join(parent, 'broken.tar.gz');
    fs.writeFileSync(broken, fs.readFileSync(PGLITE_TEMPLATE).subarray(0, 200_000));
    await expect(extractPgliteTemplate(broken, path.join(parent, 'db'))).rejects.toThrow();
    expect(fs.readdirSync(parent)).toEqual(['broken.tar.gz']);
  });

  it('is not used with another PGlite release, nor when missing', () => {
    const info = path.join(tmp('template-info'), 'initdb.json');
    fs.writeFileSync(info, JSON.stringify({ pglite: '0.0.1' }));
    expect(pgliteTemplate(PGLITE_TEMPLATE, info)).toBeUndefined();
    expect(pgliteTemplate(path.join(os.tmpdir(), 'no-such-template.tar.gz'))).toBeUndefined();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

/**
 * Migrates one database per run and lets every test file start from a copy:
 * a dumped PGlite data directory (≈0.5 s to load instead of ≈5 s initdb), or
 * a PostgreSQL template database (CREATE DATABASE … TEMPLATE is fast).
 */
export default async function setup(project: TestProject) {
  const env = project.config.env ?? {};
  const kind = env.TEST_DB_KIND ?? 'pglite';
  if (kind === 'postgres') {
    const url = env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
    const template = `church_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, template), poolMax: 1 });
    await database.migrate();
    await database.close();
    project.provide('pgTemplate', template);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => {});
      await admin.end();
    };
  }
  const database = await openDatabase({});
  await database.migrate();
  const dump = await database.pglite!.dumpDataDir('gzip');
  const file = path.join(os.tmpdir(), `church-pglite-${process.pid}.tar.gz`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteDump', file);
  return () => fs.rmSync(file, { force: true });
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
  }
}

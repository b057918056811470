import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../../test/test-app';
import { donations } from '../../../db/schema/index';
import { completeWithLocalMedia } from './local-media';
import { readBackup } from './read-backup';
import { restoreBackup } from './restore';
import { localAccessFile, OPS_TOKEN_HEADER, type LocalAccess } from './routes';
import { writeBackup } from './write-backup';

let t: TestApp;
let dir: string;
let access: LocalAccess;
const rowsOnly = () =>
  fetch(`http://127.0.0.1:${access.port}/api/ops/backup?media=local`, { headers: { [OPS_TOKEN_HEADER]: access.token } });

async function donationRows() {
  const res = await t.database.db.execute(sql`select row_to_json(d)::text as j from donations d order by id`);
  return (res as unknown as { rows: { j: string }[] }).rows.map((r) => r.j);
}

beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-local-media-'));
  const { user } = await createUser(t, { name: 'Thandi Mokoena' });
  await t.database.db.insert(donations).values({ userId: user.id, donorName: 'Thandi Mokoena', amountCents: 50000, fund: 'Missions' });
  fs.mkdirSync(path.join(t.config.uploadDir, 'sermons'), { recursive: true });
  fs.writeFileSync(path.join(t.config.uploadDir, 'sermons', 'pentecost.mp3'), crypto.randomBytes(200_000));
  fs.writeFileSync(path.join(t.config.uploadDir, 'empty.txt'), '');
  // As `npm start` does: listening leaves the address, token and upload folder for `npm run backup`.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  // onListen hooks run after listen() resolves.
  for (let i = 0; i < 100 && !fs.existsSync(localAccessFile(t.config.dataDir)); i++) await new Promise((r) => setTimeout(r, 20));
  access = JSON.parse(fs.readFileSync(localAccessFile(t.config.dataDir), 'utf8')) as LocalAccess;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run backup beside a running server: rows from the server, media read here', () => {
  it('tells the backup where the server keeps its uploads', () => {
    expect(access.uploadDir).toBe(path.resolve(t.config.uploadDir));
  });

  it('the server sends rows only, and only to the local token', async () => {
    const { token } = await createUser(t, { role: 'superadmin' });
    const asAdmin = await t.request({ method: 'GET', url: '/api/ops/backup?media=local', token });
    expect(asAdmin.statusCode).toBe(403);
    const res = await rowsOnly();
    expect(res.status).toBe(200);
    const file = path.join(dir, 'rows-only.tar');
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const { entries } = await readBackup(file);
    expect(entries.some((e) => e.name.startsWith('media/'))).toBe(false);
    expect(entries.find((e) => e.name.endsWith('-donations.jsonl'))?.rows).toBe(1);
  });

  it('makes one whole file that restores every row and media byte', async () => {
    const file = path.join(dir, 'church.tar');
    const res = await rowsOnly();
    const summary = await completeWithLocalMedia(
      Readable.fromWeb(res.body as import('node:stream/web').ReadableStream),
      access.uploadDir,
      fs.createWriteStream(file),
    );
    expect(summary).toMatchObject({ mediaFiles: 2, mediaBytes: 200_000 });

    // The same entries as a whole backup made by the server itself.
    const whole = path.join(dir, 'whole.tar');
    await writeBackup(t.database, t.config.uploadDir, fs.createWriteStream(whole));
    const names = async (f: string) => (await readBackup(f)).entries.map((e) => e.name);
    expect(await names(file)).toEqual(await names(whole));

    const before = await donationRows();
    const media = fs.readFileSync(path.join(t.config.uploadDir, 'sermons', 'pentecost.mp3'));
    await t.app.close(); // a restore needs the server stopped
    await t.database.db.delete(donations);
    fs.writeFileSync(path.join(t.config.uploadDir, 'sermons', 'pentecost.mp3'), 'changed');
    await restoreBackup(t.database, t.config.uploadDir, file);
    expect(await donationRows()).toEqual(before);
    expect(fs.readFileSync(path.join(t.config.uploadDir, 'sermons', 'pentecost.mp3')).equals(media)).toBe(true);
    expect(fs.readFileSync(path.join(t.config.uploadDir, 'empty.txt')).length).toBe(0);
  });

  it('refuses what the server sent when it does not match the server’s checksums, or stops short', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    await writeBackup(t.database, null, out);
    const sent = Buffer.concat(chunks);
    const flipped = Buffer.from(sent);
    const at = flipped.indexOf('Thandi Mokoena');
    flipped.write('Th4ndi', at);
    const target = () => fs.createWriteStream(path.join(dir, 'refused.tar'));
    await expect(completeWithLocalMedia(Readable.from([flipped]), t.config.uploadDir, target())).rejects.toThrow(/does not match/);
    await expect(
      completeWithLocalMedia(Readable.from([sent.subarray(0, sent.length - 3072)]), t.config.uploadDir, target()),
    ).rejects.toThrow();
  });
});

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../../test/test-app';
import { chatMessages, chatRooms, donations, users } from '../../../db/schema/index';
import { BackupError } from './format';
import { readBackup } from './read-backup';
import { restoreBackup } from './restore';
import { rewriteManifest } from './test-helpers';
import { writeBackup } from './write-backup';

let t: TestApp;
let dir: string;
let uploads: string;
const file = () => path.join(dir, 'church.tar');

/** Every row of the tables a church cares about, as text: equal before and after means exactly restored. */
async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const table of ['users', 'donations', 'chat_rooms', 'chat_messages']) {
    const res = await t.database.db.execute(sql.raw(`select row_to_json(t)::text as j from ${table} t order by 1`));
    out[table] = (res as unknown as { rows: { j: string }[] }).rows.map((r) => r.j).sort();
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-backup-test-'));
  uploads = t.config.uploadDir;
  const { user } = await createUser(t, { name: 'Nomsa Khumalo' });
  await createUser(t, { name: 'Pieter van Wyk', role: 'pastor' });
  await t.database.db.insert(donations).values([
    { userId: user.id, donorName: 'Nomsa Khumalo', amountCents: 15050, fund: 'Building', note: 'Dankie — “quotes”, tabs\tand\nnewlines' },
    { userId: user.id, donorName: 'Nomsa Khumalo', amountCents: 250000, frequency: 'monthly' },
  ]);
  const [room] = await t.database.db
    .insert(chatRooms)
    .values({ name: 'General Chat', settings: { allowFiles: true, nested: { a: [1, 2] } } })
    .returning();
  await t.database.db.insert(chatMessages).values([
    { roomId: room!.id, senderId: user.id, content: 'Molo, everyone' },
    { roomId: room!.id, senderId: user.id, content: 'See you on Sunday 🙏' },
  ]);
  fs.mkdirSync(path.join(uploads, 'sermons'), { recursive: true });
  fs.writeFileSync(path.join(uploads, 'sermons', 'easter.mp3'), crypto.randomBytes(300_000));
  fs.writeFileSync(path.join(uploads, 'empty.txt'), '');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('brings back exactly what was saved: every row, sequence and media byte', async () => {
    const before = await snapshot();
    const media = fs.readFileSync(path.join(uploads, 'sermons', 'easter.mp3'));
    const summary = await writeBackup(t.database, uploads, fs.createWriteStream(file()));
    expect(summary.tables.find((x) => x.name === 'donations')?.rows).toBe(2);
    expect(summary.mediaFiles).toBe(2);

    // Things change after the backup…
    await t.database.db.delete(donations);
    await createUser(t, { name: 'Added Later' });
    fs.writeFileSync(path.join(uploads, 'sermons', 'easter.mp3'), 'overwritten');
    fs.writeFileSync(path.join(uploads, 'later.txt'), 'new');

    // …and the restore puts the saved state back.
    const restored = await restoreBackup(t.database, uploads, file());
    expect(restored.tables.find((x) => x.name === 'users')?.rows).toBe(2);
    expect(await snapshot()).toEqual(before);
    expect(fs.readFileSync(path.join(uploads, 'sermons', 'easter.mp3')).equals(media)).toBe(true);
    expect(fs.existsSync(path.join(uploads, 'later.txt'))).toBe(false);
    expect(fs.readFileSync(path.join(uploads, 'empty.txt')).length).toBe(0);
    expect(restored.previousMedia && fs.existsSync(path.join(restored.previousMedia, 'later.txt'))).toBe(true);

    // The chat sequence moved past the restored rows: a new message gets a fresh number.
    const [room] = await t.database.db.select().from(chatRooms);
    const [sender] = await t.database.db.select().from(users).limit(1);
    const [msg] = await t.database.db.insert(chatMessages).values({ roomId: room!.id, senderId: sender!.id, content: 'after' }).returning();
    const seqs = (await t.database.db.select({ seq: chatMessages.seq }).from(chatMessages)).map((r) => r.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(msg!.seq).toBe(Math.max(...seqs));
  });

  it('refuses a truncated file and changes nothing', async () => {
    const cut = path.join(dir, 'cut.tar');
    const whole = fs.readFileSync(file());
    for (const at of [whole.length - 2048, Math.floor(whole.length / 2), 100]) {
      fs.writeFileSync(cut, whole.subarray(0, at));
      const before = await snapshot();
      await expect(restoreBackup(t.database, uploads, cut)).rejects.toThrow(/damaged or incomplete|not a backup/);
      expect(await snapshot()).toEqual(before);
    }
  });

  it('refuses a file whose content does not match its checksum', async () => {
    const bad = path.join(dir, 'flipped.tar');
    const buf = Buffer.from(fs.readFileSync(file()));
    const at = buf.indexOf('Molo, everyone');
    buf.write('M0lo', at);
    fs.writeFileSync(bad, buf);
    await expect(readBackup(bad)).rejects.toThrow(/does not match its checksum/);
  });

  it('refuses a file from a newer version with what to do', async () => {
    const newer = path.join(dir, 'newer.tar');
    await rewriteManifest(file(), newer, (m) => {
      m.schema = { version: m.schema.version + 1, tag: '9999_future' };
      m.appVersion = '9.0.0';
    });
    await readBackup(newer); // intact…
    const err = await restoreBackup(t.database, uploads, newer).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect((err as Error).message).toMatch(/made by a newer version of the platform \(9\.0\.0.*upgrade it first/);
  });
});

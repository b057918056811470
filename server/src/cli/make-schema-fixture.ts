import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { chatMessages, chatRooms, donations, prayers, users } from '../db/schema/index';
import { hashPassword } from '../lib/passwords';
import { writeBackup } from '../modules/ops/backup/write-backup';
import { codeSchemaVersion } from '../modules/ops/version';

/**
 * node --import tsx server/src/cli/make-schema-fixture.ts
 * Keeps this release's schema, with data in it, as a backup file under
 * server/test/fixtures/schema/. The upgrade test restores every such file
 * with the newest code, so a release that would lose data fails its tests.
 * Run it once per release (before its migrations change again) and commit the file.
 */
const FIXTURE_ADMIN = { email: 'fixture.admin@example.org', password: 'Fixture-Admin-42' };

const database = await openDatabase({});
await database.migrate();
const db = database.db;
const [admin] = await db
  .insert(users)
  .values({ name: 'Fixture Admin', email: FIXTURE_ADMIN.email, passwordHash: await hashPassword(FIXTURE_ADMIN.password), role: 'admin' })
  .returning();
const [member] = await db
  .insert(users)
  .values({
    name: 'Zanele Fixture',
    email: 'zanele.fixture@example.org',
    passwordHash: await hashPassword(FIXTURE_ADMIN.password),
    phone: '+27 82 555 0101',
  })
  .returning();
await db.insert(donations).values([
  { userId: member!.id, donorName: 'Zanele Fixture', amountCents: 50000, fund: 'Tithe' },
  { userId: admin!.id, donorName: 'Fixture Admin', amountCents: 12345, fund: 'Building', frequency: 'monthly' },
]);
await db.insert(prayers).values({ userId: member!.id, title: 'For my family', description: 'Please pray for my mother in Durban.' });
const [room] = await db.insert(chatRooms).values({ name: 'General Chat', settings: {} }).returning();
await db.insert(chatMessages).values({ roomId: room!.id, senderId: member!.id, content: 'Sawubona from the fixture' });

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'fixture-uploads-'));
fs.mkdirSync(path.join(uploads, 'sermons'));
fs.writeFileSync(path.join(uploads, 'sermons', 'fixture.txt'), 'A small media file kept with the fixture.\n');
const out = path.join(import.meta.dirname, '../../test/fixtures/schema', `${codeSchemaVersion().tag}.tar`);
await writeBackup(database, uploads, fs.createWriteStream(out));
await database.close();
fs.rmSync(uploads, { recursive: true, force: true });
console.log(`Schema fixture written: ${out} (${fs.statSync(out).size} bytes)`);

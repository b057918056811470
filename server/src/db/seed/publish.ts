import fs from 'node:fs';
import path from 'node:path';
import { desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import { announcements, sermonPreparations, sermons, users } from '../schema/index';

const DAY = 86_400_000;
/** Small real recordings (generated with ffmpeg) so a new install's player plays something. */
const MEDIA_DIR = path.join(import.meta.dirname, 'media');
export const SEED_MEDIA = { video: 'seed-sermon-sample.webm', audio: 'seed-sermon-sample.mp3' } as const;
const SOURCES = { video: 'sermon-sample.webm', audio: 'sermon-sample.mp3' } as const;

/**
 * Copies the demo recordings into the uploads folder when they are missing.
 * Called at start with demo data on, so a data directory prepared elsewhere
 * (or an uploads folder cleared by hand) still plays.
 */
export function ensureSeedMedia(uploadDir: string) {
  for (const kind of ['video', 'audio'] as const) {
    const dir = path.join(uploadDir, 'sermons', kind);
    const target = path.join(dir, SEED_MEDIA[kind]);
    if (fs.existsSync(target)) continue;
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(path.join(MEDIA_DIR, SOURCES[kind]), target);
  }
}

/** Demo announcements (active, upcoming, past, a draft), preparation notes, and media on the seeded sermons. */
export async function seedPublish(db: Db) {
  const [pastor] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.role, 'pastor')).limit(1);
  const now = Date.now();
  const rows = await db.select({ id: sermons.id }).from(sermons).where(isNull(sermons.videoFile)).orderBy(desc(sermons.preachedOn));
  for (const [i, row] of rows.entries()) {
    // Every seeded sermon can be listened to; the newest three can be watched too.
    await db
      .update(sermons)
      .set({ audioFile: SEED_MEDIA.audio, videoFile: i < 3 ? SEED_MEDIA.video : null })
      .where(eq(sermons.id, row.id));
  }
  if (!pastor) return;
  const author = pastor.name;
  await db.insert(announcements).values(
    [
      {
        title: 'Youth Camp registrations open',
        content:
          'Our winter youth camp at Hartbeespoort runs 4–6 July. R 850 per person covers meals and transport; bursaries are available — speak to Thabo.',
        priority: 'high',
        startDate: new Date(now - 2 * DAY),
        endDate: new Date(now + 12 * DAY),
        published: true,
      },
      {
        title: 'Blanket drive for Mamelodi',
        content:
          'Winter is coming. Bring new or good-condition blankets to the foyer on Sundays this month; the outreach team delivers them on the 28th.',
        priority: 'medium',
        startDate: new Date(now - 5 * DAY),
        endDate: new Date(now + 20 * DAY),
        published: true,
      },
      {
        title: 'New parking arrangements',
        content: 'The lower car park is being resurfaced. Please use the school grounds across the road on Sunday mornings.',
        priority: 'low',
        startDate: new Date(now - 20 * DAY),
        endDate: new Date(now - 6 * DAY),
        published: true,
      },
      {
        title: 'Annual general meeting',
        content: 'Members are invited to the AGM after the main service. Financial statements will be available at the welcome desk.',
        priority: 'medium',
        startDate: new Date(now + 10 * DAY),
        endDate: new Date(now + 24 * DAY),
        published: false,
      },
    ].map((a) => ({ ...a, author, authorId: pastor.id })),
  );
  await db.insert(sermonPreparations).values([
    {
      pastorId: pastor.id,
      title: 'The Prodigal’s Father',
      scriptures: 'Luke 15:11-32',
      outline: '1. The son who left\n2. The son who stayed\n3. The father who ran',
      series: 'Amazing Grace',
      preachOn: new Date(now + 5 * DAY).toISOString().slice(0, 10),
      status: 'ready',
    },
    {
      pastorId: pastor.id,
      title: 'Bearing One Another’s Burdens',
      scriptures: 'Galatians 6:1-10',
      outline: 'Ideas: restoring gently; sowing and reaping; doing good to all',
      series: 'One Family',
      status: 'draft',
    },
  ]);
}

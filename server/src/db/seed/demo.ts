import { count } from 'drizzle-orm';
import type { Db } from '../client';
import { users } from '../schema/index';
import { seedPeople } from './people';
import { seedChurchSettings } from './church-settings';
import { seedEventsAndSermons } from './events-and-sermons';
import { seedVisitors } from './visitors';
import { seedMemberPortal } from './member-portal';
import { seedChat } from './chat';
import { seedPublish } from './publish';
import { seedGiving } from './giving';

/**
 * Feature seeders run in this order after the people exist. Each one reads
 * the users it needs from the database, so they stay independent.
 * A feature adds its seeder here (import + one line).
 */
const FEATURE_SEEDERS: Array<(db: Db) => Promise<void>> = [
  seedChurchSettings,
  seedEventsAndSermons,
  seedVisitors,
  seedMemberPortal,
  seedChat,
  seedPublish,
  seedGiving,
];

export async function isDatabaseEmpty(db: Db) {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/** Fills a new database with a believable church. Runs in one transaction: all or nothing. */
export async function seedDemoChurch(db: Db) {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await seedPeople(txDb);
    for (const seed of FEATURE_SEEDERS) await seed(txDb);
  });
}

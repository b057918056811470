import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appSecrets } from '../db/schema/index';
import { randomToken } from './tokens';

/**
 * JWT_SECRET when set; otherwise one generated on first start and kept, so
 * restarts keep sessions: in DATA_DIR for the embedded database, in the
 * database itself for PostgreSQL (so every instance behind a load balancer
 * agrees on it).
 */
export async function resolveJwtSecret(database: Database, configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  if (database.kind === 'postgres') {
    await database.db
      .insert(appSecrets)
      .values({ name: 'jwt', value: randomToken(48) })
      .onConflictDoNothing();
    const [row] = await database.db.select().from(appSecrets).where(eq(appSecrets.name, 'jwt'));
    return row!.value;
  }
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: fall through and create it
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomToken(48);
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

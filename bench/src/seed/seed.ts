/**
 * Seeds a large congregation for benchmarks:
 *   npm run bench:seed -- --members 100000 --donations 200000 --database <postgres-url | pglite-dir>
 * Members get believable South African names, e-mails (…@bench.church) and
 * phone numbers; donations are spread over the last two years across funds.
 * It adds to what is there (run it on a fresh database for clean numbers).
 * With a directory, the server must not be running on it (PGlite is one process).
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../../../server/src/db/client';
import { seedPeople } from './seed-people';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '10000' },
    donations: { type: 'string', default: '0' },
    prayers: { type: 'string', default: '200' },
    events: { type: 'string', default: '40' },
    database: { type: 'string' },
  },
});
if (!values.database) {
  console.error('Give --database <postgres://… url | PGlite data directory>');
  process.exit(2);
}
const target = values.database;
const isUrl = /^postgres(ql)?:\/\//.test(target);
const database = await openDatabase(isUrl ? { databaseUrl: target } : { pgliteDir: target });
await database.migrate();
const started = performance.now();
const counts = await seedPeople(database.db, {
  members: Number(values.members),
  donations: Number(values.donations),
  prayers: Number(values.prayers),
  events: Number(values.events),
});
console.log(`Seeded ${JSON.stringify(counts)} into ${isUrl ? 'PostgreSQL' : target} in ${Math.round(performance.now() - started)} ms`);
await database.close();

import { openForCli } from './open-for-cli';

// Opening applies every pending migration.
const { database, close } = await openForCli();
console.log(`Migrations applied (${database.kind}).`);
await close();

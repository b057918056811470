import { isDatabaseEmpty, seedDemoChurch } from '../db/seed/demo';
import { fail, openForCli } from './open-for-cli';

const { database, close } = await openForCli();
try {
  if (!(await isDatabaseEmpty(database.db)))
    fail('The database already has people in it: the demo church is only seeded into an empty database.');
  await seedDemoChurch(database.db);
  console.log('Seeded the demo church. Demo accounts are listed in the README.');
} finally {
  await close();
}

import { parseArgs } from 'node:util';
import readline from 'node:readline/promises';
import { eq } from 'drizzle-orm';
import { emailField, nameField, newPasswordField } from '@church/contract/auth';
import { users } from '../db/schema/index';
import { hashPassword } from '../lib/passwords';
import { fail, openForCli } from './open-for-cli';

const USAGE = `Create (or promote) an administrator.

  npm run admin:create                       asks for name, e-mail and password
  npm run admin:create -- --name "Jane Doe" --email jane@church.org --password '…' [--role superadmin]

With an existing e-mail the account is promoted to the role and given the new password.`;

const { values } = parseArgs({
  options: {
    name: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string', default: 'admin' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.role !== 'admin' && values.role !== 'superadmin') fail('--role must be admin or superadmin');

async function ask(question: string, hidden = false): Promise<string> {
  if (!process.stdin.isTTY) fail(`Missing ${question.replace(':', '').trim()}. ${USAGE}`);
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    // Echo nothing while the password is typed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.includes(question)) process.stdout.write(s);
    };
  }
  const answer = await rl.question(question);
  rl.close();
  if (hidden) process.stdout.write('\n');
  return answer;
}

function check<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } },
  value: string,
): T {
  const r = schema.safeParse(value);
  if (!r.success) fail(r.error.issues[0]!.message);
  return r.data;
}

const name = check(nameField, values.name ?? (await ask('Full name: ')));
const email = check(emailField, values.email ?? (await ask('E-mail: ')));
const password = check(newPasswordField, values.password ?? (await ask('Password (8+ characters): ', true)));

const { database, close } = await openForCli();
try {
  const passwordHash = await hashPassword(password);
  const [existing] = await database.db.select().from(users).where(eq(users.email, email));
  if (existing) {
    await database.db.update(users).set({ role: values.role, passwordHash, isActive: true }).where(eq(users.id, existing.id));
    console.log(`${existing.name} <${email}> is now ${values.role}; the password was updated.`);
  } else {
    await database.db.insert(users).values({ name, email, passwordHash, role: values.role });
    console.log(`Created ${values.role} ${name} <${email}>. Sign in at /login.`);
  }
} finally {
  await close();
}

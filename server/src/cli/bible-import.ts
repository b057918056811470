import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { importRequest, importResponse, type ImportSummary } from '@church/contract/bible/schemas';
import { knownVersion } from '@church/contract/bible/versions';
import { fail, loadCliConfig } from './open-for-cli';
import { openDatabase } from '../db/client';
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock';
import { importTranslation, parseUsfmFiles } from '../modules/bible/importer';
import { readUsfmFolder } from '../modules/bible/usfm-files';
import { UsfmError } from '../modules/bible/usfm-parser';

const USAGE = `Import a Bible translation (a folder of USFM files) into the church's own Bible service.

  npm run bible:import -- <folder> --id BSB --name "Berean Standard Bible"

Importing the same --id again replaces it in one transaction. Options:
  --english-name, --short-name, --language (default eng)
  --server <url> --email <admin e-mail> [--password …]
        import through a running server's API instead of opening the database
        (needed while the server runs on the embedded database; the password
        may also come from CHURCH_ADMIN_PASSWORD, or is asked for)`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    id: { type: 'string' },
    name: { type: 'string' },
    'english-name': { type: 'string' },
    'short-name': { type: 'string' },
    language: { type: 'string', default: 'eng' },
    server: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help || positionals.length !== 1) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 1);
}

const folder = path.resolve(positionals[0]!);
if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) fail(`No such folder: ${folder}`);
const files = readUsfmFolder(folder);
if (!files.length) fail(`${folder} holds no .usfm or .sfm files`);
const id = (values.id ?? '').toUpperCase();
const request = importRequest.safeParse({
  id,
  name: values.name ?? knownVersion(id)?.name,
  englishName: values['english-name'],
  shortName: values['short-name'],
  language: values.language,
  files,
});
if (!request.success) fail(`${request.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('\n')}\n\n${USAGE}`);
const meta = request.data;

// Parse first: a bad file is reported before anything is touched.
const parseStarted = performance.now();
let books;
try {
  books = parseUsfmFiles(files);
} catch (err) {
  if (err instanceof UsfmError) fail(err.message);
  throw err;
}
const chapterCount = books.reduce((n, b) => n + b.chapters.length, 0);
console.log(`Read ${books.length} books, ${chapterCount} chapters from ${folder} in ${Math.round(performance.now() - parseStarted)} ms.`);

const report = (s: ImportSummary, where: string) =>
  console.log(
    `Imported ${s.id} (${s.name}) ${where}: ${s.books} books, ${s.chapters} chapters, ${s.verses} verses in ${(s.durationMs / 1000).toFixed(1)} s.`,
  );

async function ask(question: string, hidden = false): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.includes(question)) process.stdout.write(s);
    };
  }
  const answer = await rl.question(question);
  rl.close();
  if (hidden) process.stdout.write('\n');
  return answer.trim();
}

/** The running server does the import: it holds the database, we send the files as an administrator. */
async function importThroughServer(server: string, email: string) {
  const base = server.replace(/\/$/, '');
  const password =
    values.password ?? process.env.CHURCH_ADMIN_PASSWORD ?? (process.stdin.isTTY ? await ask(`Password for ${email}: `, true) : '');
  if (!password) fail('A password is needed (--password or CHURCH_ADMIN_PASSWORD).');
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  }).catch(() => fail(`Could not reach ${base}. Is the server running there?`));
  const session = (await login.json().catch(() => ({}))) as { token?: string; message?: string };
  if (!login.ok || !session.token) fail(`Sign-in failed: ${session.message ?? login.status}`);
  console.log(`Sending ${files.length} files to ${base} …`);
  const res = await fetch(`${base}/api/bible/translations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
    body: JSON.stringify(meta),
  });
  const body = (await res.json().catch(() => ({}))) as { message?: string };
  if (!res.ok) fail(`The server refused the import (${res.status}): ${body.message ?? 'no details'}`);
  report(importResponse.parse(body).data.translation, `through ${base}`);
}

if (values.server) {
  await importThroughServer(
    values.server,
    values.email ?? (process.stdin.isTTY ? await ask('Administrator e-mail: ') : fail('--email is needed with --server')),
  );
  process.exit(0);
}

const config = loadCliConfig();

let unlock: (() => Promise<void>) | null = null;
if (!config.databaseUrl) {
  try {
    unlock = await lockDataDir(config.dataDir);
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    const serverUrl = `http://localhost:${config.port}`;
    console.error(
      `The server is running on ${config.dataDir} (the embedded database admits one process at a time).\n` +
        'Either stop the server (Ctrl+C in its terminal) and run this command again, or import through the running server as an administrator:\n\n' +
        `  npm run bible:import -- ${positionals[0]} --id ${meta.id} --name "${meta.name}" --server ${serverUrl} --email <admin e-mail>\n`,
    );
    if (!process.stdin.isTTY) process.exit(1);
    const email = await ask(`Import through ${serverUrl} now? Administrator e-mail (empty to stop): `);
    if (!email) process.exit(1);
    await importThroughServer(serverUrl, email);
    process.exit(0);
  }
}

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.databaseUrl ? undefined : `${config.dataDir}/db`,
});
try {
  await database.migrate();
  report(await importTranslation(database.db, meta, books), `into ${database.kind === 'pglite' ? config.dataDir : 'PostgreSQL'}`);
} finally {
  await database.close();
  await unlock?.();
}

/**
 * Issue 13: "two server processes on one PostgreSQL never send it twice".
 * Two real server processes (node server/src/main.ts, as `npm start` runs
 * it) share one PostgreSQL database and a local SMTP server. A bulk message
 * is scheduled a few seconds ahead, so both are polling when it falls due.
 * Whichever takes it: the send job completes once, every recipient has one
 * notification, one outbox row and one mail, and each mail job ran once.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords';
import { postgresForSuite, scratchDatabase, startServerProcess, type ServerProcess } from '../../realtime/test-servers';
import { startSmtpStandIn } from '../../../test/support/smtp-stand-in';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// Runs against PostgreSQL whichever project loads it: once, in server-pg, when CI sets TEST_DATABASE_URL.
const ownRun = process.env.TEST_DB_KIND === 'postgres' || !process.env.TEST_DATABASE_URL;
const reachable = await postgresForSuite('two server processes sending a message (PostgreSQL)', PG_URL, { run: ownRun });

const MEMBERS = 24;
let db: Awaited<ReturnType<typeof scratchDatabase>>;
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
let sql: pg.Client;
const servers: ServerProcess[] = [];

async function until(what: string, check: () => Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting: ${what}\n${servers.map((s) => s.stderr()).join('\n')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
const one = async <T>(text: string, values: unknown[] = []) => (await sql.query(text, values)).rows[0] as T;

describe.runIf(reachable)('two server processes on one PostgreSQL', () => {
  beforeAll(async () => {
    db = await scratchDatabase(PG_URL);
    smtp = await startSmtpStandIn();
    const env = { SMTP_URL: smtp.url, BIBLE_BUNDLED: 'false', PUBLIC_URL: 'https://church.example' };
    const jwtSecret = crypto.randomBytes(32).toString('hex');
    // One after the other: the first creates the schema, the second finds it.
    servers.push(await startServerProcess({ databaseUrl: db.url, jwtSecret, env }));
    servers.push(await startServerProcess({ databaseUrl: db.url, jwtSecret, env }));
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
  }, 300_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await sql?.end();
    await smtp?.close();
    await db?.drop();
  }, 60_000);

  it('a scheduled message is sent once: one notification, one outbox row and one mail per recipient', async () => {
    const password = 'Correct-Horse-42';
    await sql.query(`insert into users (name, email, password_hash, role) values ('Pastor Two', 'pastor.two@example.org', $1, 'pastor')`, [
      await hashPassword(password),
    ]);
    await sql.query(
      `insert into users (name, email, password_hash, role)
       select 'Member ' || i, 'member' || i || '@example.org', 'x', 'member' from generate_series(1, ${MEMBERS}) i`,
    );
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const login = await fetch(`${a.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'pastor.two@example.org', password }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };

    // Scheduled in the church's time zone (Africa/Johannesburg, UTC+2), through the second process, for the minute after next:
    // the form has no seconds, so "now + 60 s" cut to its minute could fall due a second later and the job be under way
    // before it is looked at (CI saw 'active' once).
    const at = new Date(Date.now() + 120_000 + 2 * 3_600_000).toISOString();
    const res = await fetch(`${b.url}/api/notifications/bulk`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        subject: 'Two processes, one send',
        message: 'Hello {firstName}',
        recipientType: 'all',
        schedule: 'scheduled',
        scheduledDate: at.slice(0, 10),
        scheduledTime: at.slice(11, 16),
      }),
    });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { data: { bulkMessage: { id: string } } }).data.bulkMessage.id;
    expect(await one<{ state: string }>(`select state::text from pgboss.job where name = 'messaging.send' and id = $1`, [id])).toEqual({
      state: 'created',
    });
    // The minute is one to two minutes away: bring it to four seconds from now (message and job alike), so the
    // test does not wait for the clock while both processes are still polling when it falls due.
    await sql.query(`update bulk_messages set scheduled_for = now() + interval '4 seconds' where id = $1`, [id]);
    await sql.query(`update pgboss.job set start_after = now() + interval '4 seconds' where name = 'messaging.send' and id = $1`, [id]);
    const recipients = MEMBERS + 1;

    await until(
      'the message sent and its mails delivered',
      async () =>
        (await one<{ status: string }>(`select status from bulk_messages where id = $1`, [id])).status === 'sent' &&
        (
          await one<{ n: number }>(
            `select count(*)::int as n from email_outbox where subject = 'Two processes, one send' and sent_at is not null`,
          )
        ).n >= recipients,
      120_000,
    );
    // Give a second, wrongful sender the time it would need to show itself.
    await new Promise((r) => setTimeout(r, 3000));

    const job = (
      await sql.query(`select state::text, retry_count from pgboss.job where name = 'messaging.send' and data->>'messageId' = $1`, [id])
    ).rows;
    expect(job).toEqual([{ state: 'completed', retry_count: 0 }]);

    const notes = (
      await sql.query(`select user_id, count(*)::int as n from notifications where title = 'Two processes, one send' group by user_id`)
    ).rows as { n: number }[];
    expect(notes).toHaveLength(recipients);
    expect(notes.every((r) => r.n === 1)).toBe(true);

    const outbox = (
      await sql.query(
        `select to_address, count(*)::int as n, min(attempts) as attempts from email_outbox where subject = 'Two processes, one send' group by to_address`,
      )
    ).rows as { n: number; attempts: number }[];
    expect(outbox).toHaveLength(recipients);
    expect(outbox.every((r) => r.n === 1 && r.attempts === 1)).toBe(true);
    const mailed = smtp.received.filter((m) => m.raw.includes('Two processes, one send')).flatMap((m) => m.to);
    expect(mailed).toHaveLength(recipients);
    expect(new Set(mailed).size).toBe(recipients);

    // Each mail's delivery job ran once and completed.
    const mailJobs = (
      await sql.query(
        `select j.state::text, j.retry_count from pgboss.job j join email_outbox o on o.id::text = j.data->>'outboxId'
         where j.name = 'mail.send' and o.subject = 'Two processes, one send'`,
      )
    ).rows as { state: string; retry_count: number }[];
    expect(mailJobs).toHaveLength(recipients);
    expect(mailJobs.every((j) => j.state === 'completed' && j.retry_count === 0)).toBe(true);
    // Both processes stayed up throughout.
    expect(servers.every((s) => s.proc.exitCode === null)).toBe(true);
  }, 240_000);
});

import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createTokenService } from '../../src/lib/tokens';
import { freePort } from '../../src/realtime/test-servers';

/**
 * A small HTTP client for suites that drive real server processes (not
 * app.inject): every call has a deadline, and a call that gets no answer
 * is reported as such rather than thrown, so a suite can count hangs.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers of every shape
export interface Answer<T = any> {
  /** 0 when no answer came (connection refused or reset, or the deadline passed). */
  status: number;
  retryAfter: string | null;
  body: T;
  ms: number;
  /** Why there was no answer. */
  error?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function api<T = any>(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer<T>> {
  const started = performance.now();
  try {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: keep the text for the failure message.
    }
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: body as T, ms: performance.now() - started };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    return { status: 0, retryAfter: null, body: null as T, ms: performance.now() - started, error: e.cause?.code ?? e.name ?? String(err) };
  }
}

export const PASSWORD = 'Correct-Horse-42';

export async function registerMember(base: string, name: string) {
  const email = `${crypto.randomUUID()}@example.org`;
  const r = await api<{ data?: { token: string; user: { id: string } }; token?: string; user?: { id: string } }>(
    base,
    'POST',
    '/auth/register',
    {
      body: { name, email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
      timeoutMs: 60_000,
    },
  );
  if (r.status !== 201 && r.status !== 200) throw new Error(`register ${name}: ${r.status} ${JSON.stringify(r.body)}`);
  const body = r.body as { token: string; user: { id: string } };
  return { token: body.token, id: body.user.id, email, name };
}

/**
 * Ports: PROVE_PORT_BASE (a developer's own range on a shared machine) gives
 * base+offset, base+offset+1, … (each suite its own offset, as files run in
 * parallel); without it the OS picks free ones.
 */
export function portPicker(offset: number) {
  const base = process.env.PROVE_PORT_BASE ? Number(process.env.PROVE_PORT_BASE) : null;
  let next = offset;
  return async () => (base ? base + next++ : freePort());
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `count` people with `role`, written straight to the database with the password hash of one person
 * registered through the API, and signed in by a token made with the servers' secret. Sign-up costs
 * an argon2 hash each (seconds on a busy machine) and is proved elsewhere; these suites test other things.
 */
export async function seedPeople(base: string, databaseUrl: string, jwtSecret: string, count: number, role = 'member') {
  const first = await registerMember(base, 'First Person');
  const tokens = createTokenService(jwtSecret, '1h');
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const rows = (
      await c.query<{ id: string; token_version: number }>(
        `insert into users (name, email, password_hash, role)
         select $4 || ' ' || i, 'seed-' || i || '-' || $2 || '@example.org', (select password_hash from users where id = $1), $4
           from generate_series(1, $3) i order by i returning id, token_version`,
        [first.id, crypto.randomBytes(4).toString('hex'), count, role],
      )
    ).rows;
    const signed = await Promise.all(
      rows.map(async (r) => {
        const sid = crypto.randomUUID();
        return { id: r.id, sid, token: await tokens.sign({ sub: r.id, tv: r.token_version, sid }) };
      }),
    );
    // Each token its session (a token without one opens nothing).
    await c.query(
      `insert into user_sessions (id, user_id, expires_at) select unnest($1::uuid[]), unnest($2::uuid[]), now() + interval '1 day'`,
      [signed.map((s) => s.sid), signed.map((s) => s.id)],
    );
    return signed.map(({ id, token }) => ({ id, token }));
  } finally {
    await c.end();
  }
}

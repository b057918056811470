/**
 * Errors as they may be logged. An allow-list, not a deny-list: a failed
 * query keeps its SQL text and PostgreSQL's code, never its parameters (they
 * hold password hashes, e-mail addresses, message text), and PostgreSQL's
 * `detail` ("Key (email)=(…) already exists") is dropped too.
 */
const KEPT = ['code', 'statusCode', 'severity', 'routine', 'table', 'column', 'constraint', 'errno', 'syscall'] as const;

export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function safeErrorForLog(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const e = err as Error & Record<string, unknown>;
  const query = typeof e.query === 'string' ? e.query : undefined;
  // Drizzle's message (and so its stack) is "Failed query: <sql>\nparams: <values>".
  const message = query !== undefined && e.message.startsWith('Failed query:') ? `Failed query: ${query}` : e.message;
  const stack = typeof e.stack === 'string' ? e.stack.replace(e.message, message) : '';
  const out: LoggedError = { type: e.constructor?.name ?? e.name, message, stack };
  if (query !== undefined) out.query = query;
  for (const k of KEPT) if (e[k] !== undefined) out[k] = e[k];
  if (e.cause && depth < 4) out.cause = safeErrorForLog(e.cause, depth + 1);
  return out;
}

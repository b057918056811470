/**
 * Where a person was going when sign-in (or sign-up) got in the way, and what
 * they meant to do there, kept in the router's location state — never in the
 * URL, so no link can make a member do something they did not ask for.
 * RequireAuth sets `from`; 'Register to Attend' sets `then.register` too.
 */
export interface ReturnTo {
  from: string;
  then?: { register?: boolean };
}

export function readReturnTo(state: unknown): ReturnTo | null {
  const s = state as { from?: unknown; then?: { register?: unknown } } | null;
  // Paths on this site only ('//host' is another site to the browser).
  if (!s || typeof s.from !== 'string' || !s.from.startsWith('/') || s.from.startsWith('//')) return null;
  return { from: s.from, then: s.then?.register === true ? { register: true } : undefined };
}

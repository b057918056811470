import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

/** Where a string holds a NUL or a lone UTF-16 surrogate, and which of the two. */
export interface BadText {
  path: string;
  problem: 'NUL character' | 'unpaired UTF-16 surrogate';
}

// String.prototype.isWellFormed is in Node 20 (V8 11.3); the server's lib setting predates its types.
const wellFormed = (s: string) => (s as unknown as { isWellFormed(): boolean }).isWellFormed();
const problemOf = (s: string): BadText['problem'] | null =>
  s.includes('\u0000') ? 'NUL character' : wellFormed(s) ? null : 'unpaired UTF-16 surrogate';

/**
 * First bad string in a parsed body, query or params object (keys included).
 * Iterative on purpose: a 1 MB body of nested arrays would overflow a recursive walk.
 */
export function findBadText(value: unknown, root: string): BadText | null {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      const problem = problemOf(v);
      if (problem) return { path: at, problem };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${at}.${i}`]);
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, child] of Object.entries(v)) {
        const problem = problemOf(k);
        if (problem) return { path: at, problem };
        stack.push([child, `${at}.${k}`]);
      }
    }
  }
  return null;
}

/**
 * Input hygiene for every route, once: PostgreSQL cannot store NUL in text and
 * a lone surrogate is not valid UTF-8, so both would otherwise surface as a
 * database error (a 500) deep inside whichever route met them first. Runs
 * before validation, for params, query and the parsed body alike.
 */
export const inputHygienePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, done) => {
    const bad = findBadText(request.params, 'params') ?? findBadText(request.query, 'querystring') ?? findBadText(request.body, 'body');
    done(bad ? badRequest(`Text must not contain a ${bad.problem} (found in ${bad.path}). Remove it and try again.`) : undefined);
  });
});

import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './client';

/** What node-postgres and drizzle hand us when PostgreSQL is down, restarting or unreachable (seen in the outage suite). */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { query: 'select 1', cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'connection refused, wrapped by drizzle',
      wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })),
    ],
    ['a dropped connection (words only)', wrapped(new Error('Connection terminated unexpectedly'))],
    ['the pool could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['administrator shutdown', wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))],
    ['still starting up', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['a connection exception', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['every address refused', wrapped(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))],
  ])('%s → unavailable', (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', wrapped(Object.assign(new Error('duplicate key'), { code: '23505' }))],
    ['a bad value', wrapped(Object.assign(new Error('invalid input syntax for type uuid'), { code: '22P02' }))],
    ['a plain bug', new TypeError('x is undefined')],
    [
      'an outside service refusing (fetch)',
      Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }) }),
    ],
    ['nothing', undefined],
  ])('%s → not unavailable', (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

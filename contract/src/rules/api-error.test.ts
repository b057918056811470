import { describe, expect, it } from 'vitest';
import { failureMessage } from './api-error';

describe('failureMessage (spec 000 §8)', () => {
  it('takes message, then error, then data.message', () => {
    expect(failureMessage(400, { message: 'A', error: 'B' }, true)).toBe('A');
    expect(failureMessage(400, { error: 'B', data: { message: 'C' } }, true)).toBe('B');
    expect(failureMessage(400, { data: { message: 'C' } }, true)).toBe('C');
  });
  it('falls back to the status', () => {
    expect(failureMessage(502, {}, true)).toBe('Request failed with status 502');
    expect(failureMessage(502, undefined, false)).toBe('HTTP error! status: 502');
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_HELD, QUOTA, applyGrant, available, newPool, takeSlot, wanted } from './quota';

const HOUR = 3_600_000;

describe('quota blocks (the arithmetic; the database side is in limits-instances.test.ts)', () => {
  it('keeps the slots within the limit and gives back the rest as phantom', () => {
    const p = newPool();
    // 97 reserved by others, 8 asked: the counter reads 105 after the add.
    const { granted, phantom } = applyGrant(p, { asked: 8, count: 105, resetAt: HOUR, limit: 100, now: 0 });
    expect({ granted, phantom }).toEqual({ granted: 3, phantom: 5 });
    expect([takeSlot(p, 1), takeSlot(p, 2), takeSlot(p, 3)]).toEqual([98, 99, 100]);
    expect(available(p)).toBe(0);
    // Used up: refused from memory for a moment, then asked again.
    expect(p.exhaustedUntil).toBe(QUOTA.exhaustedRecheckMs);
    expect(wanted(p, 100, 10)).toBe(0);
    expect(wanted(p, 100, QUOTA.exhaustedRecheckMs)).toBe(1);
  });

  it('starts a new window afresh, whatever was held for the old one', () => {
    const p = newPool();
    applyGrant(p, { asked: 4, count: 4, resetAt: HOUR, limit: 100, now: 0 });
    expect(available(p)).toBe(4);
    applyGrant(p, { asked: 2, count: 2, resetAt: 2 * HOUR, limit: 100, now: HOUR });
    expect(available(p)).toBe(2);
    expect(takeSlot(p, HOUR)).toBe(1);
  });

  it('ramps blocks while they run out within a second, capped by maxBlock and a tenth of the unreserved rest', () => {
    const p = newPool();
    const limit = 1_000_000;
    let count = 0;
    let now = 1_000;
    const sizes: number[] = [];
    for (let i = 0; i < 8; i++) {
      const n = wanted(p, limit, now);
      sizes.push(n);
      count += n;
      applyGrant(p, { asked: n, count, resetAt: HOUR, limit, now });
      while (available(p)) takeSlot(p, now);
      now += 100;
    }
    expect(sizes).toEqual([4, 8, 16, 32, 64, 100, 100, 100]);
    // A quiet spell starts small again.
    expect(wanted(p, limit, now + QUOTA.rampMs)).toBe(QUOTA.startBlock);
    // Little left unreserved: one at a time.
    const q = newPool();
    applyGrant(q, { asked: 1, count: 95, resetAt: HOUR, limit: 100, now: 0 });
    takeSlot(q, 0);
    expect(wanted(q, 100, 1)).toBe(1);
  });

  it('asks ahead only for busy keys, so what one instance holds stays within MAX_HELD', () => {
    const p = newPool();
    applyGrant(p, { asked: 100, count: 100, resetAt: HOUR, limit: 1_000_000, now: 1_000 });
    takeSlot(p, 1_001);
    expect(wanted(p, 1_000_000, 1_002)).toBe(0);
    while (available(p) > 25) takeSlot(p, 1_001);
    // A quarter of the last block left: the next one is asked (doubling, capped at maxBlock).
    expect(wanted(p, 1_000_000, 1_002)).toBe(QUOTA.maxBlock);
    expect(available(p) + QUOTA.maxBlock).toBeLessThanOrEqual(MAX_HELD);
    // A quiet key (small blocks) asks only when it is out.
    const quiet = newPool();
    applyGrant(quiet, { asked: 4, count: 4, resetAt: HOUR, limit: 100, now: 0 });
    takeSlot(quiet, 1);
    expect(wanted(quiet, 100, 2)).toBe(0);
  });
});

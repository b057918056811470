import { describe, expect, it } from 'vitest';
import { randToUnits, smsSegments, unitsToCents } from './sms-segments';

describe('smsSegments', () => {
  it('counts GSM-7 septets: 160 in one SMS, 153 per part', () => {
    expect(smsSegments('')).toMatchObject({ encoding: 'GSM-7', units: 0, segments: 0 });
    expect(smsSegments('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161))).toMatchObject({ units: 161, segments: 2 });
    expect(smsSegments('a'.repeat(306))).toMatchObject({ segments: 2 });
    expect(smsSegments('a'.repeat(307))).toMatchObject({ segments: 3 });
  });

  it('counts an extension character as two septets, never split across parts', () => {
    expect(smsSegments('€'.repeat(80))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1 });
    // 1 + 76 × 2 = 153 fills part one; the other four euros go to part two.
    expect(smsSegments('a' + '€'.repeat(80))).toMatchObject({ units: 161, segments: 2 });
    // 152 + a pair would straddle the boundary: the pair moves whole to part two.
    expect(smsSegments('a'.repeat(152) + '[' + 'a'.repeat(10))).toMatchObject({ units: 164, segments: 2 });
    expect(smsSegments('a'.repeat(152) + '[' + 'a'.repeat(152))).toMatchObject({ units: 306, segments: 3 });
  });

  it('switches to UCS-2 for a character outside GSM-7: 70 units in one SMS, 67 per part, an emoji two units', () => {
    expect(smsSegments('Sawubona! Molo! Dumela!')).toMatchObject({ encoding: 'GSM-7' });
    expect(smsSegments('Goeie môre')).toMatchObject({ encoding: 'UCS-2', units: 10, segments: 1, nonGsm: ['ô'] });
    expect(smsSegments('Amen 🙏')).toMatchObject({ encoding: 'UCS-2', units: 7, segments: 1, nonGsm: ['🙏'] });
    expect(smsSegments('x'.repeat(69) + '’')).toMatchObject({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSegments('x'.repeat(70) + '’')).toMatchObject({ units: 71, segments: 2 });
    // 66 units then an emoji (two units) does not fit part one's last unit: it opens part two.
    expect(smsSegments('x'.repeat(66) + '🙏' + 'x'.repeat(10))).toMatchObject({ units: 78, segments: 2 });
    expect(smsSegments('🙏'.repeat(67))).toMatchObject({ units: 134, segments: 3 });
  });
});

describe('prices', () => {
  it('keeps fractions of a cent and rounds a total once, half up', () => {
    expect(randToUnits(0.245)).toBe(2450);
    expect(randToUnits(0.2999)).toBe(2999);
    expect(unitsToCents(2450)).toBe(25); // 24.5 c → 25 c
    expect(unitsToCents(2449)).toBe(24);
  });

  it('prices a mixed fixture exactly to the cent', () => {
    // 1 + 2 + 3 GSM-7 segments, 1 + 2 UCS-2 segments (emoji, Afrikaans), at R 0.2450 a segment.
    const fixture = ['a'.repeat(160), 'a'.repeat(200), 'b'.repeat(307), 'Amen 🙏', 'Goeie môre, '.repeat(6)];
    const segments = fixture.map((t) => smsSegments(t).segments);
    expect(segments).toEqual([1, 2, 3, 1, 2]);
    const perSegment = randToUnits(0.245);
    // 9 segments × 24.5 c = R 2.205 → R 2.21 (half up), for each of 1,001 recipients: R 2,207.21 (not 1,001 × R 2.21).
    expect(unitsToCents(segments.reduce((a, b) => a + b, 0) * perSegment)).toBe(221);
    expect(unitsToCents(1001 * segments.reduce((a, b) => a + b, 0) * perSegment)).toBe(220_721);
  });
});

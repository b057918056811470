import { describe, expect, it } from 'vitest';
import { createFormat } from './format';

const zone = 'Africa/Johannesburg';
const en = createFormat({ locale: 'en-ZA', timeZone: zone });
const af = createFormat({ locale: 'af-ZA', timeZone: zone });
const zu = createFormat({ locale: 'zu-ZA', timeZone: zone });
// 21:30 UTC is 23:30 in Johannesburg, the same day; 22:30 UTC is the next day there.
const lateEvening = '2026-12-05T22:30:00Z';

describe('one way to show a figure', () => {
  it("English keeps the spec's money text; other languages take their own", () => {
    expect(en.money(1234.56)).toBe('R 1,234.56');
    expect(en.money(0)).toBe('R 0.00');
    expect(en.moneyCents(123456)).toBe('R 1,234.56');
    expect(af.money(1234.56).replace(/\s/g, ' ')).toBe('R 1 234,56');
    expect(zu.money(1234.56)).toMatch(/^R\s?1.234.56$/);
    expect(createFormat({ locale: 'xh-ZA', timeZone: zone }).money(1)).toMatch(/^R/);
    expect(af.money(Number.NaN).replace(/\s/g, ' ')).toBe('R 0,00');
  });

  it('dates are in the church’s time zone, times 24-hour', () => {
    expect(en.date(lateEvening, 'long')).toBe('6 December 2026');
    expect(en.time(lateEvening)).toBe('00:30');
    expect(af.date(lateEvening, 'long')).toBe('6 Desember 2026');
    expect(en.time('2026-12-05T16:05:00Z')).toBe('18:05');
    expect(en.clock('9:30')).toBe('09:30');
    expect(en.clock('18:00')).toBe('18:00');
  });

  it('a local date is shown as written, never moved by a zone', () => {
    expect(createFormat({ locale: 'en-ZA', timeZone: 'Pacific/Kiritimati' }).date('2026-12-05', 'long')).toBe('5 December 2026');
    expect(createFormat({ locale: 'en-ZA', timeZone: 'Pacific/Pago_Pago' }).date('2026-12-05', 'long')).toBe('5 December 2026');
  });

  it('how long ago, in the language', () => {
    const now = new Date('2026-12-05T12:00:00Z');
    expect(en.relative('2026-12-03T11:00:00Z', now)).toBe('2 days ago');
    expect(en.relative('2026-12-05T15:00:00Z', now)).toBe('in 3 hours');
    expect(af.relative('2026-12-03T11:00:00Z', now)).toBe('2 dae gelede');
    expect(en.relative('2026-12-05T11:59:30Z', now)).toBeNull();
    // isiZulu: the date, not English.
    expect(zu.relative('2026-12-03T11:00:00Z', now)).toBe(zu.date('2026-12-03T11:00:00Z'));
  });

  it('the pseudo-locale marks every figure, and keeps the shape of the rest', () => {
    const pseudo = createFormat({ locale: 'en-XA', timeZone: zone });
    expect(pseudo.money(5)).toBe('⟪R 5.00⟫');
    expect(pseudo.relative('2026-12-05T11:59:30Z', new Date('2026-12-05T12:00:00Z'))).toBeNull();
    expect(pseudo.dayAndMonth('2026-12-05')).toEqual({ day: '05', month: 'DEC' });
  });

  it('weekdays and counts in the language', () => {
    expect(en.weekday(0)).toBe('Sunday');
    expect(af.weekday(0)).toBe('Sondag');
    expect(en.count(1234567)).toBe('1,234,567');
    expect(af.count(1234567).replace(/\s/g, ' ')).toBe('1 234 567');
  });
});

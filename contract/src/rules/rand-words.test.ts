import { describe, expect, it } from 'vitest';
import { numberInWords, randInWords } from './rand-words';

describe('randInWords', () => {
  it.each([
    [123456, 'One thousand two hundred and thirty-four rand and fifty-six cents'],
    [0, 'Zero rand'],
    [1, 'One cent'],
    [99, 'Ninety-nine cents'],
    [100, 'One rand'],
    [101, 'One rand and one cent'],
    [1000, 'Ten rand'],
    [1500, 'Fifteen rand'],
    [2000, 'Twenty rand'],
    [10100, 'One hundred and one rand'],
    [11000, 'One hundred and ten rand'],
    [100000, 'One thousand rand'],
    [100500, 'One thousand and five rand'],
    [110000, 'One thousand one hundred rand'],
    [2500050, 'Twenty-five thousand rand and fifty cents'],
    [100000000, 'One million rand'],
    [123456789, 'One million two hundred and thirty-four thousand five hundred and sixty-seven rand and eighty-nine cents'],
    [200000700, 'Two million and seven rand'],
    [999999999999, 'Nine billion nine hundred and ninety-nine million nine hundred and ninety-nine thousand nine hundred and ninety-nine rand and ninety-nine cents'],
  ])('%i cents → %s', (cents, words) => {
    expect(randInWords(cents)).toBe(words);
  });

  it('refuses what is not whole cents from zero', () => {
    expect(() => randInWords(-1)).toThrow(RangeError);
    expect(() => randInWords(1.5)).toThrow(RangeError);
    expect(() => randInWords(Number.NaN)).toThrow(RangeError);
  });

  it('numberInWords: every tens joins with a hyphen, teens are one word', () => {
    expect(numberInWords(13)).toBe('thirteen');
    expect(numberInWords(40)).toBe('forty');
    expect(numberInWords(81)).toBe('eighty-one');
    expect(numberInWords(1_000_001)).toBe('one million and one');
    expect(numberInWords(1_001_000)).toBe('one million one thousand');
  });
});

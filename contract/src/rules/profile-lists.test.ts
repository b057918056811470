import { describe, expect, it } from 'vitest';
import { joinCommaList, splitCommaList } from './profile-lists';

describe('splitCommaList', () => {
  it('splits, trims and drops empty items', () => {
    expect(splitCommaList(' Teaching, Music ,, ,Hospitality,')).toEqual(['Teaching', 'Music', 'Hospitality']);
  });
  it('cleans arrays the same way and keeps repeats once', () => {
    expect(splitCommaList(['Music', ' music ', 'Youth, Outreach', ''])).toEqual(['Music', 'Youth', 'Outreach']);
  });
  it('handles nothing', () => {
    expect(splitCommaList('')).toEqual([]);
    expect(splitCommaList(null)).toEqual([]);
  });
  it('joins back for the edit form', () => {
    expect(joinCommaList(['Teaching', 'Music'])).toBe('Teaching, Music');
  });
});

import { describe, expect, it } from 'vitest';
import { BIBLE_BOOKS, bookById, findBook } from './books';
import { INVALID_REFERENCE, formatReference, parseReference } from './reference';
import { BoundedCache, CHAPTER_CACHE_MAX, VERSE_CACHE_MAX } from './cache';
import { DAILY_VERSE_REFERENCES, calendarDay, dailyReferenceFor, dayOfYear, FALLBACK_DAILY_VERSE } from './daily-verse';
import { addBookmark, parseStoredBookmarks, removeBookmark } from './bookmarks';
import { OFFLINE_VERSES, offlineVerse } from './offline-verses';

describe('books', () => {
  it('embeds all 66 books, 1,189 chapters, order 1–39 Old Testament', () => {
    expect(BIBLE_BOOKS).toHaveLength(66);
    expect(BIBLE_BOOKS.reduce((n, b) => n + b.chapters, 0)).toBe(1189);
    expect(BIBLE_BOOKS.filter((b) => b.testament === 'old')).toHaveLength(39);
    expect(BIBLE_BOOKS[38]).toMatchObject({ id: 'MAL', order: 39, testament: 'old' });
    expect(BIBLE_BOOKS[39]).toMatchObject({ id: 'MAT', order: 40, testament: 'new' });
    expect(new Set(BIBLE_BOOKS.map((b) => b.id)).size).toBe(66);
    expect(BIBLE_BOOKS.every((b) => /^[1-3A-Z][A-Z]{2}$/.test(b.id))).toBe(true);
  });

  it('finds books by id, name, alias and prefix', () => {
    expect(bookById('jhn')?.name).toBe('John');
    expect(findBook('Gen')?.id).toBe('GEN');
    expect(findBook('1 Cor.')?.id).toBe('1CO');
    expect(findBook('II Kings')?.id).toBe('2KI');
    expect(findBook('Phil')?.id).toBe('PHP');
    expect(findBook('Song of Solomon')?.id).toBe('SNG');
    expect(findBook('Psalm')?.id).toBe('PSA');
    expect(findBook('Hezekiah')).toBeUndefined();
  });
});

describe('parseReference', () => {
  it.each([
    ['John 3:16', 'JHN', 3, 16],
    ['jn 3', 'JHN', 3, undefined],
    ['1 Cor 13:4', '1CO', 13, 4],
    ['Song of Songs 2', 'SNG', 2, undefined],
    ['  genesis 1 : 1 ', 'GEN', 1, 1],
    ['Ps 23', 'PSA', 23, undefined],
    ['Rev 22:21', 'REV', 22, 21],
  ])('%s', (input, id, chapter, verse) => {
    const ref = parseReference(input);
    expect(ref.book.id).toBe(id);
    expect(ref.chapter).toBe(chapter);
    expect(ref.verse).toBe(verse);
  });

  it.each(['', 'John', '3:16', 'John three', 'Hezekiah 1:1', 'Genesis 51', 'Genesis 0', 'John 3:0', 'John 3:16:2', 'love your neighbour'])(
    'rejects %j with the spec text',
    (input) => {
      expect(() => parseReference(input)).toThrow(INVALID_REFERENCE);
    },
  );

  it('formats references', () => {
    expect(formatReference(parseReference('1 cor 13:4'))).toBe('1 Corinthians 13:4');
    expect(formatReference(parseReference('jn 3'))).toBe('John 3');
  });
});

describe('BoundedCache', () => {
  it('holds at most 50 verses and 50 chapters (spec 000 §9)', () => {
    expect(VERSE_CACHE_MAX).toBe(50);
    expect(CHAPTER_CACHE_MAX).toBe(50);
  });

  it('evicts the oldest entry first; reads do not refresh it', () => {
    const cache = new BoundedCache<string, number>(3);
    cache.set('a', 1).set('b', 2).set('c', 3);
    expect(cache.get('a')).toBe(1);
    cache.set('d', 4);
    expect(cache.keys()).toEqual(['b', 'c', 'd']);
    cache.set('e', 5);
    expect(cache.keys()).toEqual(['c', 'd', 'e']);
    expect(cache.has('a')).toBe(false);
    cache.set('c', 33);
    expect(cache.keys()).toEqual(['d', 'e', 'c']);
    expect(cache.size).toBe(3);
  });

  it('fills to 50 and then drops the first', () => {
    const cache = new BoundedCache<number, number>(VERSE_CACHE_MAX);
    for (let i = 0; i < 51; i++) cache.set(i, i);
    expect(cache.size).toBe(50);
    expect(cache.has(0)).toBe(false);
    expect(cache.has(1)).toBe(true);
  });
});

describe('daily verse rotation', () => {
  it('rotates over the seven references by day number', () => {
    expect(DAILY_VERSE_REFERENCES).toEqual([
      'John 3:16',
      'Philippians 4:13',
      'Psalm 23:1',
      'Jeremiah 29:11',
      'Romans 8:28',
      'Isaiah 41:10',
      'Matthew 11:28',
    ]);
    expect(dayOfYear('2026-01-01')).toBe(1);
    expect(dayOfYear('2026-12-31')).toBe(365);
    expect(dayOfYear('2028-12-31')).toBe(366);
    expect(dailyReferenceFor('2026-01-07')).toBe('John 3:16'); // day 7
    expect(dailyReferenceFor('2026-01-01')).toBe('Philippians 4:13'); // day 1
    expect(dailyReferenceFor('2026-01-06')).toBe('Matthew 11:28'); // day 6
    const week = Array.from({ length: 7 }, (_, i) => dailyReferenceFor(`2026-03-${String(10 + i).padStart(2, '0')}`));
    expect(new Set(week).size).toBe(7);
  });

  it('takes the day in the church time zone', () => {
    expect(calendarDay(new Date('2026-05-31T22:30:00Z'), 'Africa/Johannesburg')).toBe('2026-06-01');
    expect(calendarDay(new Date('2026-05-31T22:30:00Z'), 'UTC')).toBe('2026-05-31');
  });

  it('falls back to John 3:16 (KJV)', () => {
    expect(FALLBACK_DAILY_VERSE).toMatchObject({ reference: 'John 3:16', version: 'KJV', fullReference: 'John 3:16 (KJV)' });
  });
});

describe('bookmarks', () => {
  const v = (reference: string, version = 'BSB') => ({ reference, version, text: `text of ${reference}` });

  it('adds newest first and rejects a duplicate reference + version', () => {
    const one = addBookmark([], v('John 3:16'), new Date('2026-01-01T10:00:00Z'));
    expect(one.ok).toBe(true);
    const two = addBookmark(one.bookmarks, v('Romans 8:28'), new Date('2026-01-01T10:01:00Z'));
    expect(two.bookmarks.map((b) => b.reference)).toEqual(['Romans 8:28', 'John 3:16']);
    const dup = addBookmark(two.bookmarks, v('John 3:16'));
    expect(dup.ok).toBe(false);
    expect(dup.bookmarks).toHaveLength(2);
    const otherVersion = addBookmark(two.bookmarks, v('John 3:16', 'KJV'));
    expect(otherVersion.ok).toBe(true);
    expect(otherVersion.bookmarks).toHaveLength(3);
  });

  it('gives distinct ids in the same millisecond and records dateAdded', () => {
    const at = new Date('2026-02-02T08:00:00Z');
    const a = addBookmark([], v('John 3:16'), at);
    const b = addBookmark(a.bookmarks, v('John 3:17'), at);
    expect(new Set(b.bookmarks.map((x) => x.id)).size).toBe(2);
    expect(a.ok && a.bookmark.dateAdded).toBe('2026-02-02T08:00:00.000Z');
  });

  it('removes by reference + version and survives bad storage', () => {
    const list = addBookmark(addBookmark([], v('John 3:16')).bookmarks, v('John 3:16', 'KJV')).bookmarks;
    expect(removeBookmark(list, { reference: 'John 3:16', version: 'KJV' }).map((b) => b.version)).toEqual(['BSB']);
    expect(parseStoredBookmarks('not json')).toEqual([]);
    expect(parseStoredBookmarks('{"a":1}')).toEqual([]);
    expect(parseStoredBookmarks(JSON.stringify([...list, { nope: true }]))).toHaveLength(2);
  });
});

describe('offline verses', () => {
  it('has text for the five spec verses', () => {
    expect(Object.keys(OFFLINE_VERSES)).toHaveLength(5);
    expect(offlineVerse('Psalm 23:1')).toBe('The LORD is my shepherd; I shall not want.');
    expect(offlineVerse('Isaiah 41:10')).toBeUndefined();
  });
});

/** Spec 000 §9: the Bible helper caches at most 50 verses and 50 chapters. */
export const VERSE_CACHE_MAX = 50;
export const CHAPTER_CACHE_MAX = 50;

/**
 * A size-bounded cache that evicts the oldest entry first (insertion order,
 * as the spec says "evicting the oldest first"; reading does not refresh).
 */
export class BoundedCache<K, V> {
  private readonly map = new Map<K, V>();
  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new Error('A cache needs room for at least one entry');
  }
  get size() {
    return this.map.size;
  }
  has(key: K) {
    return this.map.has(key);
  }
  get(key: K): V | undefined {
    return this.map.get(key);
  }
  set(key: K, value: V): this {
    if (this.map.has(key)) this.map.delete(key);
    else if (this.map.size >= this.max) this.map.delete(this.map.keys().next().value as K);
    this.map.set(key, value);
    return this;
  }
  keys(): K[] {
    return [...this.map.keys()];
  }
  clear() {
    this.map.clear();
  }
}

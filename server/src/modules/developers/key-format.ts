import { createHash, randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { API_KEY_PATTERN, API_KEY_PREFIX } from '@church/contract/developers';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY_LENGTH = 32; // 32 × log2(62) ≈ 190 bits of randomness

function base62(n: number, width: number): string {
  let out = '';
  let v = n >>> 0;
  for (let i = 0; i < width; i++) {
    out = BASE62[v % 62] + out;
    v = Math.floor(v / 62);
  }
  return out;
}

/** CRC32 of prefix+body, six base-62 characters: a scanner can tell a real key from a typo without asking us. */
const checksum = (prefixAndBody: string) => base62(crc32(prefixAndBody), 6);

/** A new key: chk_live_ + 32 random base-62 characters + 6-character checksum. */
export function generateApiKey(): string {
  let body = '';
  // randomInt draws without modulo bias.
  for (let i = 0; i < BODY_LENGTH; i++) body += BASE62[randomInt(62)];
  const head = API_KEY_PREFIX + body;
  return head + checksum(head);
}

/** Shape and checksum only: rejects garbage before any database work. */
export function isWellFormedApiKey(key: string): boolean {
  if (key.length !== API_KEY_PREFIX.length + BODY_LENGTH + 6 || !API_KEY_PATTERN.test(key)) return false;
  const head = key.slice(0, -6);
  return checksum(head) === key.slice(-6);
}

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');
export const looksLikeApiKey = (value: string) => value.startsWith(API_KEY_PREFIX);

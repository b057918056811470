/**
 * Turns a catalogue of ICU messages into Lingui's compiled form, at build time
 * (web/vite-i18n-plugin.ts) and at start (the server): the browser never
 * downloads a message parser. A message the language lacks takes the English
 * (en-ZA) one, so a screen shows English, never a key.
 */
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';

export type { CompiledMessage };

export type Catalogue = Record<string, string>;
export type CompiledCatalogue = Record<string, CompiledMessage>;

/** The language's messages over English: every English key, in the language where it has one. */
export function withFallback(messages: Catalogue, english: Catalogue): Catalogue {
  const out: Catalogue = {};
  for (const [key, text] of Object.entries(english)) out[key] = typeof messages[key] === 'string' && messages[key] ? messages[key] : text;
  return out;
}

export function compileCatalogue(messages: Catalogue): CompiledCatalogue {
  const out: CompiledCatalogue = {};
  for (const [key, text] of Object.entries(messages)) out[key] = compileMessage(text);
  return out;
}

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** An accented copy of a compiled message: only literal text changes; arguments and plural keywords stay. */
function pseudoCompiled(message: CompiledMessage): CompiledMessage {
  return message.map((part) => {
    if (typeof part === 'string') return accent(part);
    const [name, type, branches] = part;
    if (!branches || typeof branches !== 'object') return part;
    const out: Record<string, CompiledMessage> = {};
    for (const [k, v] of Object.entries(branches as Record<string, CompiledMessage>)) out[k] = Array.isArray(v) ? pseudoCompiled(v) : v;
    return [name, type, out] as typeof part;
  });
}

const accent = (text: string) => Array.from(text, (c) => ACCENTED[c] ?? c).join('');

/** The pseudo-locale (en-XA): English compiled, accented and bracketed so its texts are told from hard-coded ones. */
export function compilePseudo(english: Catalogue): CompiledCatalogue {
  const out: CompiledCatalogue = {};
  for (const [key, text] of Object.entries(english)) {
    out[key] = ['⟦', ...pseudoCompiled(compileMessage(text)), '⟧'];
  }
  return out;
}

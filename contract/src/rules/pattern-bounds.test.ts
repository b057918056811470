/**
 * Issue 15: "every text pattern … run[s] only on input already within its
 * length limit". zod runs a string's checks in order and keeps going after
 * one fails unless it says `abort: true`, so `.max(254).regex(p)` still hands
 * a megabyte to `p`. This test loads every schema the contract exports, walks
 * into objects, arrays, unions, pipes and wrappers, and requires each string
 * that carries a hand-written pattern (`.regex()`, or zod's own e-mail
 * pattern) to have a length limit with `abort: true` BEFORE the pattern.
 * regex-safety.test.ts proves each pattern linear; this bounds its input.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function* modules(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* modules(full);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) yield full;
  }
}

/** zod 4's internal definition: enough of it to walk the tree. */
interface Def {
  type: string;
  format?: string;
  pattern?: RegExp;
  checks?: { _zod: { def: { check: string; format?: string; pattern?: RegExp; abort?: boolean } } }[];
  [key: string]: unknown;
}
const defOf = (v: unknown): Def | null =>
  v && (typeof v === 'object' || typeof v === 'function') && '_zod' in v ? ((v as { _zod: { def: Def } })._zod.def ?? null) : null;

/** Formats whose pattern an attacker's input reaches unbounded (zod's fixed-shape ids and dates stop within a few characters). */
const UNBOUNDED_FORMATS = new Set(['regex', 'email']);

interface Finding {
  where: string;
  problem: string;
}

function inspectString(def: Def, where: string, out: Finding[]) {
  let bounded = false;
  // A format schema such as z.email() carries its pattern on the definition itself, before any check.
  if (def.format && UNBOUNDED_FORMATS.has(def.format) && def.pattern)
    out.push({ where, problem: `z.${def.format}() tests ${def.pattern} before any length limit` });
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if ((c.check === 'max_length' || c.check === 'length_equals') && c.abort) bounded = true;
    if (c.check === 'string_format' && c.format && UNBOUNDED_FORMATS.has(c.format) && !bounded)
      out.push({ where, problem: `pattern ${c.pattern} runs without a preceding .max(n, { abort: true })` });
  }
}

function walk(schema: unknown, where: string, out: Finding[], seen: Set<unknown>) {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return;
  seen.add(schema);
  if (def.type === 'string') return inspectString(def, where, out);
  if (def.type === 'object') {
    const shape = (schema as { shape: Record<string, unknown> }).shape;
    for (const [key, value] of Object.entries(shape)) walk(value, `${where}.${key}`, out, seen);
    if (def.catchall) walk(def.catchall, `${where}[*]`, out, seen);
    return;
  }
  if (def.type === 'lazy') return walk((def.getter as () => unknown)(), where, out, seen);
  // Every other kind keeps its parts on the definition: element, options, innerType, in/out, left/right, keyType/valueType, items.
  for (const [key, value] of Object.entries(def)) {
    if (key === 'checks') continue;
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${where}.${key}[${i}]`, out, seen));
    else walk(value, `${where}.${key}`, out, seen);
  }
}

const files = [...modules(SRC)];
const findings: Finding[] = [];
let schemas = 0;
let patterned = 0;
for (const file of files) {
  const mod = (await import(file)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(mod)) {
    if (!defOf(value)) continue;
    schemas++;
    walk(value, `${path.relative(SRC, file)} ${name}`, findings, new Set());
  }
}
// Count what was looked at, so an empty walk cannot pass.
for (const file of files) if (/\.regex\(/.test(fs.readFileSync(file, 'utf8'))) patterned++;

describe('every text pattern in the contract sees only bounded input', () => {
  it('walks the exported schemas', () => {
    expect(schemas).toBeGreaterThan(200);
    expect(patterned).toBeGreaterThan(5);
  });

  it('finds an unbounded pattern when there is one (the walk itself works)', async () => {
    const { z } = await import('zod');
    const out: Finding[] = [];
    walk(z.object({ a: z.array(z.string().max(9).regex(/x/)).optional() }), 'probe', out, new Set());
    walk(z.object({ b: z.string().max(9, { abort: true }).regex(/x/) }), 'probe', out, new Set());
    expect(out.map((f) => f.where)).toEqual(['probe.a.innerType.element']);
  });

  it('no pattern runs before its length limit', () => {
    const report = findings.map((f) => `${f.where}: ${f.problem}`);
    expect([...new Set(report)], 'Put .max(n, { error, abort: true }) before each .regex()').toEqual([]);
  });
});

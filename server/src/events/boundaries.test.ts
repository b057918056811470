import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The shape the domain events backbone bought (issue 35), kept by a test:
 * feature modules never import the developer platform (they record domain
 * events; webhooks subscribe), and nothing app.ts or modules.ts imports
 * leads back to them (the context type lives in context.ts).
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => {
    const base = path.resolve(path.dirname(file), m[1]!);
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
      if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
    return base;
  });
}

describe('module boundaries', () => {
  it('no feature module imports the developer platform (modules/developers/)', () => {
    const developers = path.join(SRC, 'modules', 'developers') + path.sep;
    const offenders = sources(path.join(SRC, 'modules'))
      .filter((f) => !f.startsWith(developers))
      .flatMap((f) => importsOf(f).filter((i) => i.startsWith(developers)).map((i) => `${path.relative(SRC, f)} → ${path.relative(SRC, i)}`));
    expect(offenders).toEqual([]);
  });

  it('nothing app.ts or modules.ts imports leads back to them (no import circle through the app)', () => {
    for (const root of ['app.ts', 'modules.ts']) {
      const target = path.join(SRC, root);
      const seen = new Set<string>();
      const queue = importsOf(target);
      const back: string[] = [];
      while (queue.length) {
        const f = queue.pop()!;
        if (seen.has(f) || !f.startsWith(SRC)) continue;
        seen.add(f);
        for (const i of importsOf(f)) {
          if (i === target) back.push(path.relative(SRC, f));
          else queue.push(i);
        }
      }
      expect(back, `${root} is imported back by`).toEqual([]);
      expect(seen.size, `${root} reaches its modules`).toBeGreaterThan(10);
    }
  });
});

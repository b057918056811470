/**
 * Every regular expression written in contract/, server/ and web/ must run in
 * linear time (ARCHITECTURE "Trust"). This test finds each regex literal and
 * each `new RegExp('literal')` in the source with the TypeScript scanner and
 * asks recheck (a ReDoS checker: automata analysis plus attack fuzzing)
 * whether some input makes it super-linear. A new quadratic pattern fails
 * here with the pattern, its file and line, and an attack string.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { checkSync } from 'recheck';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SCANNED = ['contract/src', 'server/src', 'web/src', 'e2e', 'bench/src'];

interface Found {
  where: string;
  source: string;
  flags: string;
}

function* sourceFiles(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !/\.test\.tsx?$|\.spec\.ts$/.test(entry.name)) yield full;
  }
}

/** Regex literals and new RegExp('…') with a literal argument, from the syntax tree. */
export function regexesIn(file: string): Found[] {
  const text = fs.readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: Found[] = [];
  const at = (node: ts.Node) => `${path.relative(ROOT, file)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) {
      const lit = node.text;
      const end = lit.lastIndexOf('/');
      out.push({ where: at(node), source: lit.slice(1, end), flags: lit.slice(end + 1) });
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') {
      const [pattern, flags] = node.arguments ?? [];
      if (pattern && ts.isStringLiteralLike(pattern)) {
        out.push({ where: at(node), source: pattern.text, flags: flags && ts.isStringLiteralLike(flags) ? flags.text : '' });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const found = SCANNED.flatMap((d) => [...sourceFiles(path.join(ROOT, d))]).flatMap(regexesIn);
// One check per distinct pattern: the same literal in many files costs one analysis.
const distinct = new Map<string, Found[]>();
for (const f of found) distinct.set(`/${f.source}/${f.flags}`, [...(distinct.get(`/${f.source}/${f.flags}`) ?? []), f]);

describe('every regular expression in the repository is linear-time', () => {
  it('finds the patterns it should check', () => {
    expect(found.length).toBeGreaterThan(20);
    expect(found.some((f) => f.where.startsWith('contract/src/rules/email.ts'))).toBe(true);
  });

  it('recheck flags a known quadratic pattern (the checker itself works)', () => {
    expect(checkSync('^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', '').status).toBe('vulnerable');
  }, 60_000);

  it.each([...distinct.entries()].map(([key, uses]) => ({ key, uses })))(
    '$key',
    ({ key, uses }) => {
      const { source, flags } = uses[0]!;
      const result = checkSync(source, flags, { timeout: 15_000 });
      const where = uses.map((u) => u.where).join(', ');
      const attack = result.status === 'vulnerable' ? ` Attack: ${JSON.stringify(result.attack.pattern)}.` : '';
      const complexity = result.status === 'vulnerable' ? result.complexity.summary : result.status;
      expect(
        result.status,
        `${key} at ${where} is ${complexity}.${attack} Rewrite it so no two parts can match the same characters (or replace it by code).`,
      ).toBe('safe');
    },
    20_000,
  );
});

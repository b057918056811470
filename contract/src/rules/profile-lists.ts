/**
 * Spec 000 §5: spiritual gifts and ministry interests are entered
 * comma-separated, split, trimmed, empty items dropped. Arrays are cleaned the
 * same way, and repeats (case-insensitive) kept once.
 */
export function splitCommaList(input: string | readonly string[] | null | undefined): string[] {
  const parts = typeof input === 'string' ? input.split(',') : (input ?? []).flatMap((s) => s.split(','));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of parts) {
    const item = raw.trim();
    if (!item || seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    out.push(item);
  }
  return out;
}

/** The edit form shows a list back as one comma-separated line. */
export const joinCommaList = (items: readonly string[] | null | undefined) => (items ?? []).join(', ');

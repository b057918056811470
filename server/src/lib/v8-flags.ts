import v8 from 'node:v8';

/**
 * V8 flags the server sets while it runs, in one place:
 * - `--liftoff-only`: the embedded engine's WebAssembly stays on the baseline compiler (why: db/pglite-open.ts);
 * - `--expose-gc`: a long export can ask for a full collection (lib/memory-budget.ts).
 * The compiled server sets them all before anything else (boot/code-cache.ts): V8 takes a code cache only
 * under the flags it was made with, so they must not change between reading it and saving it.
 */
export const SERVER_V8_FLAGS = ['--liftoff-only', '--expose-gc'] as const;

export function setServerV8Flags(flags: readonly (typeof SERVER_V8_FLAGS)[number][] = SERVER_V8_FLAGS): void {
  for (const flag of flags) v8.setFlagsFromString(flag);
}

/**
 * Whether the module whose import.meta.url this is runs compiled (`npm start`: server/build, made by
 * scripts/build-server.mjs), with its worker files and the build's products beside it, rather than from
 * TypeScript through tsx (tests, dev).
 */
export const isCompiled = (moduleUrl: string): boolean => /\.[cm]js$/.test(moduleUrl);

import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default; a Mantine render on a loaded 2-core CI machine can take
// longer (a toast after a save, 7.7 s for the whole test in one run). How long is not a behaviour here.
configure({ asyncUtilTimeout: 5_000 });

// Mantine reads these browser APIs that jsdom does not have (STACK-NOTES).
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => {};

afterEach(() => cleanup());

// Mantine's auto-sizing Textarea waits on document.fonts, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { ready: Promise.resolve(), addEventListener: () => {}, removeEventListener: () => {} },
  });
}

// Every message in English, as the app starts for an English reader (lib/i18n): components read them through useT.
const { ensureNamespaces, NAMESPACES, startI18n } = await import('../lib/i18n/i18n');
await ensureNamespaces(NAMESPACES);
await startI18n('en-ZA');

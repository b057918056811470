import { useEffect, useState } from 'react';
import { HERO_WAIT_FOR, heroSrc, heroWidthForScreen, type ShownSlide } from './hero-slides';

/** Longest the loading screen waits for images: a slow or failed image must not hide the page. */
const MAX_WAIT_MS = 4000;

let started: Promise<unknown> | null = null;

/** Downloads and decodes the first hero pictures (the size this screen uses), once per page load. */
export function startHeroImages(slides: readonly ShownSlide[]) {
  if (!started) {
    const width = heroWidthForScreen();
    started = Promise.all(
      slides.slice(0, HERO_WAIT_FOR).map((s) => {
        const img = new Image();
        img.src = heroSrc(s.image, width);
        return img.decode().catch(() => undefined);
      }),
    );
  }
  return started;
}

/** True once the hero pictures are ready (or the wait limit passed); waits for the slides to be known. */
export function useHeroImagesReady(slides: readonly ShownSlide[] | undefined) {
  const [ready, setReady] = useState(false);
  const known = slides !== undefined;
  useEffect(() => {
    if (!known) return;
    let alive = true;
    const timeout = new Promise((r) => setTimeout(r, MAX_WAIT_MS));
    void Promise.race([startHeroImages(slides), timeout]).then(() => alive && setReady(true));
    return () => {
      alive = false;
    };
    // The first known list decides (startHeroImages runs once per page load).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [known]);
  return ready;
}

import { useEffect, useState } from 'react';
import { HERO_SLIDES, heroSrc, heroWidthForScreen } from './hero-slides';

/** Longest the loading screen waits for images: a slow or failed image must not hide the page. */
const MAX_WAIT_MS = 4000;

let started: Promise<unknown> | null = null;

/** Downloads and decodes the three hero images (the size this screen uses), once per page load. */
export function startHeroImages() {
  if (!started) {
    const width = heroWidthForScreen();
    started = Promise.all(
      HERO_SLIDES.map((s) => {
        const img = new Image();
        img.src = heroSrc(s.image, width);
        return img.decode().catch(() => undefined);
      }),
    );
  }
  return started;
}

/** True once the hero images are ready (or the wait limit passed). */
export function useHeroImagesReady() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let alive = true;
    const timeout = new Promise((r) => setTimeout(r, MAX_WAIT_MS));
    void Promise.race([startHeroImages(), timeout]).then(() => alive && setReady(true));
    return () => {
      alive = false;
    };
  }, []);
  return ready;
}

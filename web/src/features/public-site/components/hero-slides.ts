import type { PublicSettings } from '@church/contract/settings';
import { HERO_WIDTHS, heroPictures, imageSrc, imageSrcSet } from '@church/contract/site-content-constants';

/** Spec 000 §9: the hero advances every 5 seconds. */
export const HERO_ROTATION_MS = 5000;
export { HERO_WAIT_FOR } from '@church/contract/site-content-constants';

export interface ShownSlide {
  image: string;
  title: string;
  subtitle: string;
  description: string;
  verse: string;
  buttonLabel: string;
  buttonLink: string;
}

/**
 * The slides the church wrote on /settings. A church that has written none
 * yet gets one slide made of what it has entered (its name and description)
 * on a stock picture — never another church's words.
 */
export function slidesToShow(settings: Pick<PublicSettings, 'heroSlides' | 'churchName' | 'description'> | undefined): ShownSlide[] {
  if (settings?.heroSlides.length) return settings.heroSlides;
  return [
    {
      image: heroPictures([])[0]!,
      title: settings?.churchName ? `Welcome to ${settings.churchName}` : 'Welcome',
      subtitle: '',
      description: settings?.description ?? '',
      verse: '',
      buttonLabel: '',
      buttonLink: '',
    },
  ];
}

export const heroSrc = (image: string, width: number) => imageSrc(image, width);
export const heroSrcSet = (image: string) => imageSrcSet(image, HERO_WIDTHS);

/** The variant the browser would pick for a full-width image on this screen. */
export function heroWidthForScreen() {
  const px = (typeof window === 'undefined' ? 1280 : window.innerWidth) * (window.devicePixelRatio || 1);
  return HERO_WIDTHS.find((w) => w >= px) ?? 1920;
}

/** The three hero slides (spec 000 §2): title, subtitle, description and a verse line (BSB, public domain). */
export const HERO_SLIDES = [
  {
    image: 'sunrise',
    title: 'Welcome Home',
    subtitle: 'A church family for every generation',
    description: 'Come as you are. Worship with us this Sunday, find friends in a small group, and discover a place where you belong.',
    verse: '“For where two or three gather together in My name, there am I with them.” — Matthew 18:20',
  },
  {
    image: 'savanna',
    title: 'Rooted in the Word',
    subtitle: 'Growing deeper in faith together',
    description:
      'Practical Bible teaching, mid-week studies and prayer meetings that help you follow Jesus in everyday South African life.',
    verse: '“Your word is a lamp to my feet and a light to my path.” — Psalm 119:105',
  },
  {
    image: 'dusk',
    title: 'Love in Action',
    subtitle: 'Serving our city with hope',
    description: 'From our soup kitchen in Mamelodi to school-shoe drives, we share the love of Christ with our neighbours in Tshwane.',
    verse: '“Little children, let us love not in word and speech, but in action and truth.” — 1 John 3:18',
  },
] as const;

/** Spec 000 §9: the hero advances every 5 seconds. */
export const HERO_ROTATION_MS = 5000;

export const HERO_WIDTHS = [640, 1280, 1920] as const;
export const heroSrc = (image: string, width: number) => `/images/hero/${image}-${width}.webp`;
export const heroSrcSet = (image: string) => HERO_WIDTHS.map((w) => `${heroSrc(image, w)} ${w}w`).join(', ');

/** The variant the browser would pick for a full-width image on this screen. */
export function heroWidthForScreen() {
  const px = (typeof window === 'undefined' ? 1280 : window.innerWidth) * (window.devicePixelRatio || 1);
  return HERO_WIDTHS.find((w) => w >= px) ?? 1920;
}

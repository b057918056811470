// Renders the three home-page hero images from hand-written SVG artwork
// (sunrise church, acacia savanna at golden hour, dusk over the hills) to
// WebP in three widths. Run: node web/scripts/generate-hero-images.mjs
// The output is committed under web/public/images/hero/, so builds and
// start-up never need this script or sharp.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.join(import.meta.dirname, '../public/images/hero');
const WIDTHS = [640, 1280, 1920];
const W = 1920;
const H = 1080;

/** A smooth ridge line through the given points, closed to the bottom of the canvas. */
function ridge(points, fill, extra = '') {
  let d = `M0 ${H} L${points[0][0]} ${points[0][1]}`;
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1];
    const [x1, y1] = points[i];
    const cx = (x0 + x1) / 2;
    d += ` C${cx} ${y0} ${cx} ${y1} ${x1} ${y1}`;
  }
  d += ` L${W} ${H} Z`;
  return `<path d="${d}" fill="${fill}" ${extra}/>`;
}

/** Umbrella-shaped acacia silhouette. */
function acacia(x, y, s, fill) {
  return `<g transform="translate(${x} ${y}) scale(${s})" fill="${fill}">
    <path d="M-4 0 L-3 -70 L-30 -110 L-26 -113 L-1 -82 L2 -125 L6 -125 L5 -85 L34 -112 L37 -108 L6 -70 L5 0 Z"/>
    <ellipse cx="0" cy="-128" rx="95" ry="20"/>
    <ellipse cx="-40" cy="-118" rx="55" ry="14"/>
    <ellipse cx="45" cy="-116" rx="58" ry="15"/>
  </g>`;
}

/** A small country church with a steeple and cross. */
function church(x, y, s, fill, windowFill) {
  return `<g transform="translate(${x} ${y}) scale(${s})">
    <g fill="${fill}">
      <rect x="-120" y="-110" width="200" height="110"/>
      <path d="M-135 -105 L-20 -190 L95 -105 Z"/>
      <rect x="60" y="-230" width="60" height="230"/>
      <path d="M52 -225 L90 -300 L128 -225 Z"/>
      <rect x="86" y="-350" width="8" height="55"/>
      <rect x="72" y="-335" width="36" height="8"/>
    </g>
    <g fill="${windowFill}">
      <path d="M-95 -70 v-18 a12 12 0 0 1 24 0 v18 Z"/>
      <path d="M-45 -70 v-18 a12 12 0 0 1 24 0 v18 Z"/>
      <path d="M5 -70 v-18 a12 12 0 0 1 24 0 v18 Z"/>
      <path d="M78 -150 v-22 a12 12 0 0 1 24 0 v22 Z"/>
      <path d="M-38 0 v-38 a18 18 0 0 1 36 0 v38 Z"/>
    </g>
  </g>`;
}

function birds(list, stroke) {
  return list
    .map(
      ([x, y, s]) =>
        `<path d="M${x - 14 * s} ${y} q${7 * s} ${-8 * s} ${14 * s} 0 q${7 * s} ${-8 * s} ${14 * s} 0" fill="none" stroke="${stroke}" stroke-width="${3 * s}" stroke-linecap="round"/>`,
    )
    .join('');
}

const sunrise = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1c3d5a"/><stop offset="0.45" stop-color="#c2606b"/><stop offset="0.7" stop-color="#f5a25d"/><stop offset="1" stop-color="#ffd89a"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.62" cy="0.66" r="0.35">
      <stop offset="0" stop-color="#fff6d8"/><stop offset="0.12" stop-color="#ffe3a0" stop-opacity="0.95"/><stop offset="0.45" stop-color="#ffb86b" stop-opacity="0.35"/><stop offset="1" stop-color="#ffb86b" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <rect width="${W}" height="${H}" fill="url(#sun)"/>
  <circle cx="1190" cy="715" r="70" fill="#fff3c9"/>
  ${birds(
    [
      [420, 300, 1.4],
      [480, 270, 1],
      [530, 320, 1.2],
      [1500, 250, 0.9],
    ],
    '#2b2238',
  )}
  ${ridge(
    [
      [0, 720],
      [300, 680],
      [650, 730],
      [1000, 690],
      [1400, 720],
      [1700, 670],
      [1920, 700],
    ],
    '#a4566a',
    'opacity="0.75"',
  )}
  ${ridge(
    [
      [0, 800],
      [350, 760],
      [700, 810],
      [1100, 770],
      [1500, 820],
      [1920, 780],
    ],
    '#6b3a5a',
  )}
  ${church(1420, 842, 1.05, '#2a1f3d', '#ffd27a')}
  ${ridge(
    [
      [0, 880],
      [400, 840],
      [800, 900],
      [1250, 850],
      [1600, 890],
      [1920, 860],
    ],
    '#3a2746',
  )}
  ${acacia(260, 905, 1.3, '#22182f')}
  ${acacia(760, 930, 0.8, '#22182f')}
  ${ridge(
    [
      [0, 980],
      [500, 950],
      [1000, 990],
      [1500, 955],
      [1920, 985],
    ],
    '#1a1326',
  )}
</svg>`;

const savanna = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="sky2" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#27588c"/><stop offset="0.5" stop-color="#6fa3c8"/><stop offset="0.78" stop-color="#f3c98b"/><stop offset="1" stop-color="#f6b26b"/>
    </linearGradient>
    <radialGradient id="glow2" cx="0.25" cy="0.7" r="0.5">
      <stop offset="0" stop-color="#fff1c4" stop-opacity="0.9"/><stop offset="1" stop-color="#fff1c4" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="river" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffe0a6"/><stop offset="1" stop-color="#8fb8d8"/>
    </linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky2)"/>
  <rect width="${W}" height="${H}" fill="url(#glow2)"/>
  <circle cx="480" cy="760" r="60" fill="#fff4d2"/>
  <g fill="#ffffff" opacity="0.55">
    <ellipse cx="1300" cy="220" rx="220" ry="38"/><ellipse cx="1420" cy="195" rx="140" ry="34"/>
    <ellipse cx="600" cy="300" rx="180" ry="28"/><ellipse cx="700" cy="282" rx="110" ry="26"/>
  </g>
  ${ridge(
    [
      [0, 700],
      [250, 640],
      [520, 690],
      [900, 600],
      [1250, 660],
      [1600, 610],
      [1920, 660],
    ],
    '#7d8fa8',
    'opacity="0.8"',
  )}
  ${ridge(
    [
      [0, 780],
      [400, 740],
      [800, 790],
      [1200, 735],
      [1600, 785],
      [1920, 750],
    ],
    '#8a7a55',
  )}
  <path d="M760 1080 C820 960 900 900 1020 850 C1120 812 1220 800 1300 790 L1340 795 C1240 815 1140 840 1080 880 C980 940 930 1000 900 1080 Z" fill="url(#river)" opacity="0.9"/>
  ${ridge(
    [
      [0, 860],
      [300, 830],
      [650, 870],
      [1000, 840],
      [1400, 880],
      [1920, 840],
    ],
    '#5d5a34',
  )}
  ${acacia(1500, 880, 1.6, '#2d2a1a')}
  ${acacia(1760, 860, 1.0, '#2d2a1a')}
  ${acacia(220, 900, 1.1, '#2d2a1a')}
  ${church(560, 885, 0.55, '#3a3322', '#ffd27a')}
  ${ridge(
    [
      [0, 990],
      [450, 960],
      [950, 1000],
      [1450, 965],
      [1920, 995],
    ],
    '#2a2816',
  )}
</svg>`;

const dusk = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="sky3" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0f2238"/><stop offset="0.55" stop-color="#30649c"/><stop offset="0.85" stop-color="#e39a6a"/><stop offset="1" stop-color="#f1c27d"/>
    </linearGradient>
    <radialGradient id="light" cx="0.5" cy="0.62" r="0.3">
      <stop offset="0" stop-color="#ffe9b0" stop-opacity="0.9"/><stop offset="1" stop-color="#ffe9b0" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky3)"/>
  <g fill="#ffffff">
    ${Array.from({ length: 70 }, (_, i) => {
      const x = (i * 379) % W;
      const y = (i * 157) % 430;
      const r = 1 + ((i * 7) % 3) * 0.7;
      return `<circle cx="${x}" cy="${y}" r="${r}" opacity="${0.35 + ((i * 13) % 6) / 10}"/>`;
    }).join('')}
  </g>
  <circle cx="1600" cy="180" r="46" fill="#fdf1d0"/>
  <circle cx="1620" cy="168" r="42" fill="#173152"/>
  <rect width="${W}" height="${H}" fill="url(#light)"/>
  ${ridge(
    [
      [0, 760],
      [300, 700],
      [640, 740],
      [960, 650],
      [1280, 740],
      [1620, 690],
      [1920, 730],
    ],
    '#2b3f5c',
  )}
  <g fill="#10192b">
    <rect x="952" y="520" width="16" height="140"/>
    <rect x="915" y="560" width="90" height="16"/>
  </g>
  ${ridge(
    [
      [0, 840],
      [380, 800],
      [760, 850],
      [1150, 805],
      [1550, 850],
      [1920, 815],
    ],
    '#1c2a42',
  )}
  ${acacia(1400, 870, 1.2, '#0e1626')}
  ${acacia(360, 880, 0.9, '#0e1626')}
  ${ridge(
    [
      [0, 960],
      [500, 930],
      [1000, 970],
      [1500, 935],
      [1920, 965],
    ],
    '#0b1220',
  )}
</svg>`;

fs.mkdirSync(OUT, { recursive: true });
for (const [name, svg] of Object.entries({ sunrise, savanna, dusk })) {
  const base = sharp(Buffer.from(svg), { density: 96 });
  for (const width of WIDTHS) {
    const file = path.join(OUT, `${name}-${width}.webp`);
    await base.clone().resize({ width }).webp({ quality: 62, effort: 6 }).toFile(file);
    console.log(`${path.relative(process.cwd(), file)} ${(fs.statSync(file).size / 1024).toFixed(1)} KB`);
  }
}

/**
 * Renders the app icons and the default share image from the brand mark (the violet square with a V of
 * components/layout/icons.tsx). The PNGs are committed under web/public, so a build needs no image
 * tooling; run this again after changing the mark: `node web/scripts/generate-icons.ts`.
 */
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';

const ACCENT = '#7c3aed';
const DEEP = '#2e1065';
const publicDir = new URL('../public/', import.meta.url);

/** The V of the mark, on a 32-unit grid, scaled by `size` and centred on (cx, cy). */
function v(cx: number, cy: number, size: number): string {
  const s = size / 32;
  return `<path d="M${cx - 7 * s} ${cy - 6.5 * s} l${7 * s} ${13 * s} l${7 * s} ${-13 * s}" fill="none" stroke="#fff"
    stroke-width="${3.2 * s}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** The mark as drawn in the page: a rounded square, transparent around it. */
const mark = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
    <rect width="${size}" height="${size}" rx="${size * 0.28}" fill="${ACCENT}"/>${v(size / 2, size / 2, size)}</svg>`;

/**
 * Full-bleed square for launchers that cut their own shape: maskable icons keep everything inside the
 * central circle of 80% diameter; iOS rounds the corners of apple-touch-icon and fills transparency black.
 */
const fullBleed = (size: number, markShare: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
    <rect width="${size}" height="${size}" fill="${ACCENT}"/>${v(size / 2, size / 2, size * markShare)}</svg>`;

/** Spec §9: the share image is 600x800. */
const shareImage = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0.6" y2="1">
    <stop offset="0" stop-color="${ACCENT}"/><stop offset="1" stop-color="${DEEP}"/></linearGradient></defs>
  <rect width="600" height="800" fill="url(#g)"/>
  <g transform="translate(220 250)"><rect width="160" height="160" rx="45" fill="#fff" fill-opacity="0.14"/>
  ${v(80, 80, 160)}</g>
  <text x="300" y="520" text-anchor="middle" font-family="Noto Sans, DejaVu Sans, sans-serif" font-size="76"
    font-weight="800" fill="#fff" letter-spacing="-1">Velvet</text>
</svg>`;

async function png(svg: string, file: string): Promise<void> {
  await sharp(Buffer.from(svg))
    .png({ compressionLevel: 9, palette: file !== 'social-card.png' })
    .toFile(new URL(file, publicDir).pathname);
}

writeFileSync(new URL('favicon.svg', publicDir), `${mark(32).replace('>', '><title>Velvet</title>').replace(/\n\s*/g, ' ')}\n`);
await Promise.all([
  png(mark(192), 'icons/icon-192.png'),
  png(mark(512), 'icons/icon-512.png'),
  png(fullBleed(192, 0.62), 'icons/maskable-192.png'),
  png(fullBleed(512, 0.62), 'icons/maskable-512.png'),
  png(fullBleed(180, 0.72), 'apple-touch-icon.png'),
  png(shareImage, 'social-card.png'),
]);

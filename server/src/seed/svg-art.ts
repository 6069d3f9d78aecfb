import type { Palette } from './lavfi-sources.ts';
import type { SeededRandom } from './random.ts';

/** Abstract compositions for demo image posts; soft shapes come from radial gradients, which render far faster than blur filters. */
export type ImageArt = 'orbs' | 'waves' | 'rays' | 'mosaic';

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char] ?? char);

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

const linearGradient = (id: string, from: string, to: string) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;

const glow = (id: string, colour: string) =>
  `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="0.95"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;

/** A square avatar: the user's colours as a diagonal gradient with their initials. */
export function avatarSvg(initials: string, palette: Palette, size = 256): string {
  return svg(
    size,
    size,
    `<defs>${linearGradient('bg', palette[0], palette[2])}${glow('shine', palette[1])}</defs>` +
      `<rect width="${size}" height="${size}" fill="url(#bg)"/>` +
      `<circle cx="${size * 0.25}" cy="${size * 0.2}" r="${size * 0.6}" fill="url(#shine)" opacity="0.6"/>` +
      `<text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Noto Sans, sans-serif" ` +
      `font-weight="700" font-size="${Math.round(size * 0.4)}" fill="#ffffff" fill-opacity="0.95">${escapeXml(initials)}</text>`,
  );
}

export function postImageSvg(art: ImageArt, palette: Palette, width: number, height: number, random: SeededRandom): string {
  const glows = palette.map((colour, index) => glow(`g${index}`, colour)).join('');
  const background = `<defs>${linearGradient('bg', palette[3], random.pick(palette.slice(0, 3)))}${glows}</defs><rect width="${width}" height="${height}" fill="url(#bg)"/>`;
  return svg(width, height, background + artLayers(art, palette, width, height, random));
}

function artLayers(art: ImageArt, palette: Palette, width: number, height: number, random: SeededRandom): string {
  switch (art) {
    case 'orbs':
      return Array.from({ length: random.int(5, 9) }, () => {
        const radius = random.int(width * 0.15, width * 0.55);
        return `<circle cx="${random.int(0, width)}" cy="${random.int(0, height)}" r="${radius}" fill="url(#g${random.int(0, 2)})" opacity="${(0.5 + random.next() * 0.5).toFixed(2)}"/>`;
      }).join('');
    case 'waves':
      return Array.from({ length: 5 }, (_, layer) => {
        const top = height * (0.35 + layer * 0.13);
        const swing = random.int(40, 160);
        const path =
          `M0 ${top} C ${width * 0.3} ${top - swing}, ${width * 0.6} ${top + swing}, ${width} ${top - swing / 2} ` +
          `L${width} ${height} L0 ${height}Z`;
        return `<path d="${path}" fill="${palette[layer % 3]}" opacity="${(0.25 + layer * 0.12).toFixed(2)}"/>`;
      }).join('');
    case 'rays': {
      const cx = random.int(width * 0.2, width * 0.8);
      const cy = random.int(height * 0.15, height * 0.45);
      const reach = Math.hypot(width, height);
      const rays = Array.from({ length: 18 }, (_, index) => {
        const angle = (index / 18) * Math.PI * 2 + random.next() * 0.1;
        const point = (offset: number) =>
          `${(cx + Math.cos(angle + offset) * reach).toFixed(0)} ${(cy + Math.sin(angle + offset) * reach).toFixed(0)}`;
        return `<path d="M${cx} ${cy} L${point(-0.05)} L${point(0.05)}Z" fill="${palette[index % 2]}" opacity="0.18"/>`;
      }).join('');
      return `${rays}<circle cx="${cx}" cy="${cy}" r="${width * 0.45}" fill="url(#g1)"/><circle cx="${cx}" cy="${cy}" r="${width * 0.12}" fill="${palette[1]}"/>`;
    }
    case 'mosaic': {
      const columns = random.int(3, 5);
      const cell = width / columns;
      const rows = Math.ceil(height / cell);
      const tiles: string[] = [];
      for (let row = 0; row < rows; row++) {
        for (let column = 0; column < columns; column++) {
          if (random.chance(0.3)) continue;
          const inset = cell * 0.08;
          tiles.push(
            `<rect x="${(column * cell + inset).toFixed(0)}" y="${(row * cell + inset).toFixed(0)}" width="${(cell - inset * 2).toFixed(0)}" ` +
              `height="${(cell - inset * 2).toFixed(0)}" rx="${(cell * 0.18).toFixed(0)}" fill="${random.pick(palette.slice(0, 3))}" opacity="${(0.45 + random.next() * 0.5).toFixed(2)}"/>`,
          );
        }
      }
      return tiles.join('');
    }
  }
}

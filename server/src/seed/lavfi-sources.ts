/**
 * ffmpeg `lavfi` filtergraphs for the demo's generated clips and sounds. Sources render at a fraction of
 * the pixels and scale up: gradients stay smooth and cell patterns stay crisp, at a fraction of the time.
 */
export type VideoLook = 'drift' | 'swirl' | 'ripple' | 'fractal' | 'bloom' | 'weave' | 'bars';
export type Palette = readonly [string, string, string, string];

export const CLIP_WIDTH = 540;
export const CLIP_HEIGHT = 960;
const FPS = 24;
const HALF_SIZE = `${CLIP_WIDTH / 2}x${CLIP_HEIGHT / 2}`;
const QUARTER_SIZE = `${CLIP_WIDTH / 4}x${CLIP_HEIGHT / 4}`;
const smoothUp = `scale=${CLIP_WIDTH}:${CLIP_HEIGHT}:flags=bicubic`;
const crispUp = `scale=${CLIP_WIDTH}:${CLIP_HEIGHT}:flags=neighbor,fps=${FPS}`;

// Points near the set's border where a zoom keeps finding detail.
const FRACTAL_CENTRES = [
  [-0.743643887, 0.131825904],
  [-0.745428, 0.113009],
  [-0.1011, 0.9563],
  [0.2549, 0.0005],
] as const;
const CELL_RULES = [30, 90, 110, 150, 182];

const colour = (hex: string) => hex.replace('#', '0x');

/** Channel `index` (0 red, 1 green, 2 blue) of a `#rrggbb` colour. */
const channel = (hex: string, index: number) => Number.parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16);

/** A video filtergraph for one look; `variant` changes seed, speed and framing so no two posts look alike. */
export function videoSource(look: VideoLook, palette: Palette, variant: number): string {
  const [c0, c1, c2, c3] = palette.map(colour) as unknown as Palette;
  const gradients = (type: string, colours: number) =>
    `gradients=s=${QUARTER_SIZE}:r=${FPS}:c0=${c0}:c1=${c1}:c2=${c2}:c3=${c3}:n=${colours}:type=${type}:seed=${variant}` +
    `:speed=${(0.02 + (variant % 5) * 0.01).toFixed(2)}`;
  switch (look) {
    case 'drift':
      return `${gradients('linear', 3)}:x0=0:y0=0:x1=${CLIP_WIDTH / 4}:y1=${CLIP_HEIGHT / 4},${smoothUp}`;
    case 'swirl':
      return `${gradients('spiral', 4)},${smoothUp}`;
    case 'ripple':
      return `${gradients('circular', 3)},${smoothUp}`;
    case 'fractal': {
      const [x, y] = FRACTAL_CENTRES[variant % FRACTAL_CENTRES.length] as readonly [number, number];
      return `mandelbrot=s=${HALF_SIZE}:r=${FPS}:maxiter=512:start_x=${x}:start_y=${y}:start_scale=2.5:end_scale=0.04:end_pts=180,hue=h=${(variant * 47) % 360}+36*t,${smoothUp}`;
    }
    case 'bloom':
      return (
        `life=s=${CLIP_WIDTH / 5}x${CLIP_HEIGHT / 5}:r=12:mold=10:ratio=0.2:seed=${variant}` +
        `:life_color=${c0}:death_color=${c3}:mold_color=${c1},${crispUp}`
      );
    case 'weave': {
      const tint = (index: number) => {
        const dark = channel(palette[3], index);
        const light = channel(palette[0], index);
        return `${dark}+${light - dark}*val/255`;
      };
      return (
        `cellauto=s=${CLIP_WIDTH / 6}x${CLIP_HEIGHT / 6}:r=10:rule=${CELL_RULES[variant % CELL_RULES.length]}:seed=${variant}` +
        `:random_fill_ratio=0.3,lutrgb=r='${tint(0)}':g='${tint(1)}':b='${tint(2)}',${crispUp}`
      );
    }
    case 'bars':
      return `testsrc2=s=${CLIP_WIDTH}x${CLIP_HEIGHT}:r=${FPS},hue=h=${(variant * 60) % 360}:s=0.8`;
  }
}

/** A short looping tune: `steps` are semitones above `base`, one per beat, plucked at `tempo` beats a second. */
export interface Melody {
  readonly base: number;
  readonly tempo: number;
  readonly steps: readonly number[];
  /** Pink-noise bed under the tune, like rain or a room. */
  readonly ambience?: boolean;
}

export function audioSource(melody: Melody, seconds: number): string {
  // st/ld keep the beat number in a variable: evaluated per sample, the expression is the audio's main cost.
  const beat = `st(0,mod(floor(t*${melody.tempo}),${melody.steps.length}))`;
  const semitones = melody.steps.map((step, index) => `${step}*eq(ld(0),${index})`).join('+');
  const pluck = `exp(-4*mod(t*${melody.tempo},1))`;
  const tune = `${beat};0.3*${pluck}*sin(2*PI*${melody.base}*pow(2,(${semitones})/12)*t)+0.08*sin(2*PI*${melody.base / 2}*t)`;
  const fades = `afade=t=in:d=0.4,afade=t=out:st=${Math.max(0, seconds - 1)}:d=1`;
  if (!melody.ambience) return `aevalsrc='${tune}':s=44100,${fades}`;
  return `aevalsrc='${tune}':s=44100[tune];anoisesrc=c=pink:a=0.04:r=44100[bed];[tune][bed]amix=inputs=2:normalize=0,${fades}`;
}

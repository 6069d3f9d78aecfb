/**
 * PDQ, Meta's perceptual image hash (github.com/facebook/ThreatExchange, pdq/): luminance, a Jarosz tent
 * filter (two X/Y passes of box filters), decimation to 64x64, the 16x16 low-frequency corner of a DCT, and
 * one bit per coefficient above the median. A port of the published reference (pdq/python, pdq/cpp), bit
 * for bit: same constants, same window sizes, same median (Torben's), same hex layout.
 */

/** A PDQ hash as 64 lowercase hex characters, and the reference's 0–100 quality of the picture it came from. */
export interface PdqHash {
  readonly hash: string;
  readonly quality: number;
}

const LUMA_R = 0.299;
const LUMA_G = 0.587;
const LUMA_B = 0.114;
const JAROSZ_PASSES = 2;
/** Two passes of half a 64th of the side each: every output pixel gathers one 64th of the picture. */
const JAROSZ_WINDOW_DIVISOR = 128;
const DCT_SCALE = Math.sqrt(2 / 64);

export const PDQ_HEX_PATTERN = /^[0-9a-f]{64}$/;

/** The 16x64 DCT-II rows for frequencies 1..16 (the reference skips the DC row 0). */
const DCT_MATRIX: Float64Array[] = Array.from({ length: 16 }, (_, i) => {
  const row = new Float64Array(64);
  for (let j = 0; j < 64; j++) row[j] = DCT_SCALE * Math.cos((Math.PI / 2 / 64) * (i + 1) * (2 * j + 1));
  return row;
});

const windowSize = (dimension: number) => Math.floor((dimension + JAROSZ_WINDOW_DIVISOR - 1) / JAROSZ_WINDOW_DIVISOR);

/** One pass of a box filter along a vector (offset, stride) with the reference's four phases at the edges. */
function box1d(input: Float64Array, output: Float64Array, offset: number, length: number, stride: number, full: number) {
  const half = Math.floor((full + 2) / 2);
  const phase1 = half - 1;
  const phase2 = full - half + 1;
  const phase3 = length - full;
  const phase4 = half - 1;
  let li = 0;
  let ri = 0;
  let oi = 0;
  let sum = 0;
  let current = 0;
  for (let i = 0; i < phase1; i++) {
    sum += input[offset + ri] as number;
    current++;
    ri += stride;
  }
  for (let i = 0; i < phase2; i++) {
    sum += input[offset + ri] as number;
    current++;
    output[offset + oi] = sum / current;
    ri += stride;
    oi += stride;
  }
  for (let i = 0; i < phase3; i++) {
    sum += input[offset + ri] as number;
    sum -= input[offset + li] as number;
    output[offset + oi] = sum / current;
    li += stride;
    ri += stride;
    oi += stride;
  }
  for (let i = 0; i < phase4; i++) {
    sum -= input[offset + li] as number;
    current--;
    output[offset + oi] = sum / current;
    li += stride;
    oi += stride;
  }
}

function jaroszFilter(luma: Float64Array, scratch: Float64Array, rows: number, cols: number) {
  const alongRows = windowSize(cols);
  const alongCols = windowSize(rows);
  for (let pass = 0; pass < JAROSZ_PASSES; pass++) {
    for (let i = 0; i < rows; i++) box1d(luma, scratch, i * cols, cols, 1, alongRows);
    for (let j = 0; j < cols; j++) box1d(scratch, luma, j, rows, cols, alongCols);
  }
}

function decimate(luma: Float64Array, rows: number, cols: number): Float64Array {
  const out = new Float64Array(64 * 64);
  for (let i = 0; i < 64; i++) {
    const row = Math.floor(((i + 0.5) * rows) / 64);
    for (let j = 0; j < 64; j++) out[i * 64 + j] = luma[row * cols + Math.floor(((j + 0.5) * cols) / 64)] as number;
  }
  return out;
}

/** The reference's heuristic: the sum of significant gradients of the 64x64 picture, capped at 100. */
function quality(block: Float64Array): number {
  let gradients = 0;
  for (let i = 0; i < 63; i++) {
    for (let j = 0; j < 64; j++) {
      gradients += Math.abs(Math.trunc((((block[i * 64 + j] as number) - (block[(i + 1) * 64 + j] as number)) * 100) / 255));
    }
  }
  for (let i = 0; i < 64; i++) {
    for (let j = 0; j < 63; j++) {
      gradients += Math.abs(Math.trunc((((block[i * 64 + j] as number) - (block[i * 64 + j + 1] as number)) * 100) / 255));
    }
  }
  return Math.min(100, Math.trunc(gradients / 90));
}

function dct16(block: Float64Array): Float64Array {
  const partial = new Float64Array(16 * 64);
  for (let i = 0; i < 16; i++) {
    const d = DCT_MATRIX[i] as Float64Array;
    for (let j = 0; j < 64; j++) {
      let sum = 0;
      for (let k = 0; k < 64; k++) sum += (d[k] as number) * (block[k * 64 + j] as number);
      partial[i * 64 + j] = sum;
    }
  }
  const out = new Float64Array(16 * 16);
  for (let i = 0; i < 16; i++) {
    for (let j = 0; j < 16; j++) {
      const d = DCT_MATRIX[j] as Float64Array;
      let sum = 0;
      for (let k = 0; k < 64; k++) sum += (partial[i * 64 + k] as number) * (d[k] as number);
      out[i * 16 + j] = sum;
    }
  }
  return out;
}

/** Torben's median, as the reference computes it (ties and the even count resolved the same way). */
function torbenMedian(values: Float64Array): number {
  const midn = Math.floor((values.length + 1) / 2);
  let min = values[0] as number;
  let max = min;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  for (;;) {
    const guess = (min + max) / 2;
    let less = 0;
    let greater = 0;
    let equal = 0;
    let maxLtGuess = min;
    let minGtGuess = max;
    for (const v of values) {
      if (v < guess) {
        less++;
        if (v > maxLtGuess) maxLtGuess = v;
      } else if (v > guess) {
        greater++;
        if (v < minGtGuess) minGtGuess = v;
      } else equal++;
    }
    if (less <= midn && greater <= midn) {
      if (less >= midn) return maxLtGuess;
      if (less + equal >= midn) return guess;
      return minGtGuess;
    }
    if (less > greater) max = maxLtGuess;
    else min = minGtGuess;
  }
}

/** Bit i*16+j is coefficient (i, j) above the median; hex is the 16-bit words from the last to the first. */
function toHex(coefficients: Float64Array): string {
  const median = torbenMedian(coefficients);
  const words = new Uint16Array(16);
  for (let bit = 0; bit < 256; bit++) {
    if ((coefficients[bit] as number) > median) words[bit >> 4] = (words[bit >> 4] as number) | (1 << (bit & 15));
  }
  let hex = '';
  for (let w = 15; w >= 0; w--) hex += (words[w] as number).toString(16).padStart(4, '0');
  return hex;
}

/** PDQ of a picture given as packed 8-bit RGB (3 bytes a pixel, row by row). */
export function pdqFromRgb(rgb: Uint8Array, width: number, height: number): PdqHash {
  if (width < 1 || height < 1 || rgb.length < width * height * 3) throw new RangeError('pdq: pixels do not match the size');
  const luma = new Float64Array(width * height);
  for (let p = 0, o = 0; p < luma.length; p++, o += 3) {
    luma[p] = LUMA_R * (rgb[o] as number) + LUMA_G * (rgb[o + 1] as number) + LUMA_B * (rgb[o + 2] as number);
  }
  jaroszFilter(luma, new Float64Array(luma.length), height, width);
  const block = decimate(luma, height, width);
  return { hash: toHex(dct16(block)), quality: quality(block) };
}

const NIBBLE_BITS = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/** Bits that differ between two hashes (both 64 hex characters). */
export function hammingDistance(a: string, b: string): number {
  let distance = 0;
  for (let i = 0; i < 64; i++)
    distance += NIBBLE_BITS[Number.parseInt(a[i] as string, 16) ^ Number.parseInt(b[i] as string, 16)] as number;
  return distance;
}

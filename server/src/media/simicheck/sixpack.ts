/**
 * The "sixpack": a perceptual signature of a video made of six frames, and the similarity scale on which
 * SPEC §9's threshold 222 decides a duplicate. Pure TypeScript with no Node or DOM imports, so the browser
 * (frames drawn on a <canvas>) and the worker (frames decoded by ffmpeg as raw RGBA) run the same code.
 * README.md beside this file explains the choices and the measured figures.
 */

export const SIXPACK_VERSION = 1;
/** Frames are taken at the middle of each sixth of the duration: never the first or last frame (fades, black). */
export const FRAME_FRACTIONS: readonly number[] = [1, 3, 5, 7, 9, 11].map((step) => step / 12);
/** Frames are handed over scaled to fit this box (long side), by canvas in the browser and ffmpeg on the server. */
export const FRAME_FIT = 256;
/** Similarity at or above this is a duplicate (SPEC §9). */
export const SIMILARITY_THRESHOLD = 222;
export const SIMILARITY_MAX = 256;

/** Share of each side left out before hashing, so a copy cropped by a few percent still lines up. */
const MARGIN = 0.06;
/** The hashed area is averaged into GRID x GRID cells of luma. */
const GRID = 9;
/** Neighbouring cells must differ by more than this (luma levels) to set a gradient bit; flat areas stay 0. */
const DEAD_ZONE = 1.5;
/** A summed |ΔY|+|ΔCb|+|ΔCr| of this many levels counts as a completely different tone. */
const TONE_SPAN = 128;
const STRUCTURE_BYTES = 16;
const FRAME_BYTES = STRUCTURE_BYTES + 3;
const HEADER_BYTES = 5;
export const SIXPACK_BYTES = HEADER_BYTES + FRAME_FRACTIONS.length * FRAME_BYTES;

/** One decoded frame: RGBA bytes row by row (what canvas getImageData and ffmpeg `-pix_fmt rgba` give). */
export interface RgbaFrame {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array | Uint8ClampedArray;
}

export interface FrameFingerprint {
  /** 64 horizontal then 64 vertical gradient bits of the luma grid. */
  readonly structure: Uint8Array;
  /** Mean Y, Cb, Cr of the hashed area (BT.601, 0–255). */
  readonly tone: readonly [number, number, number];
}

export interface Sixpack {
  readonly durationMs: number;
  readonly frames: readonly FrameFingerprint[];
}

/** Seconds at which the six frames are taken from a video of this duration. */
export function frameTimes(durationSeconds: number): number[] {
  return FRAME_FRACTIONS.map((fraction) => Math.round(durationSeconds * fraction * 1000) / 1000);
}

/** The size a frame is drawn at before fingerprinting: fits FRAME_FIT, keeps the aspect ratio, at least 1 px. */
export function fittedFrameSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, FRAME_FIT / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Averages the central area of the frame into a GRID x GRID luma grid and the area's mean tone. */
export function frameFingerprint(frame: RgbaFrame): FrameFingerprint {
  const { width, height, data } = frame;
  if (width < 1 || height < 1 || data.length < width * height * 4) throw new RangeError('frame data does not match its size');
  const x0 = Math.floor(width * MARGIN);
  const y0 = Math.floor(height * MARGIN);
  const areaWidth = Math.max(1, width - 2 * x0);
  const areaHeight = Math.max(1, height - 2 * y0);
  const lumaSums = new Float64Array(GRID * GRID);
  const counts = new Uint32Array(GRID * GRID);
  let sumY = 0;
  let sumCb = 0;
  let sumCr = 0;
  for (let y = 0; y < areaHeight; y++) {
    const row = Math.min(GRID - 1, Math.floor((y * GRID) / areaHeight)) * GRID;
    let offset = ((y0 + y) * width + x0) * 4;
    for (let x = 0; x < areaWidth; x++, offset += 4) {
      const r = data[offset]!;
      const g = data[offset + 1]!;
      const b = data[offset + 2]!;
      const luma = 0.299 * r + 0.587 * g + 0.114 * b;
      const cell = row + Math.min(GRID - 1, Math.floor((x * GRID) / areaWidth));
      lumaSums[cell]! += luma;
      counts[cell]! += 1;
      sumY += luma;
      sumCb += 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
      sumCr += 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
    }
  }
  // A frame smaller than the grid leaves cells empty; they repeat their neighbour so they add no gradient.
  const grid = Array.from(lumaSums, (sum, cell) => (counts[cell] ? sum / counts[cell]! : Number.NaN));
  for (let cell = 0; cell < grid.length; cell++)
    if (Number.isNaN(grid[cell])) grid[cell] = grid[cell - 1] ?? sumY / (areaWidth * areaHeight);
  const structure = new Uint8Array(STRUCTURE_BYTES);
  let bit = 0;
  const push = (set: boolean) => {
    if (set) structure[bit >> 3]! |= 0x80 >> (bit & 7);
    bit++;
  };
  for (let row = 0; row < GRID - 1; row++)
    for (let col = 0; col < GRID - 1; col++) push(grid[row * GRID + col]! - grid[row * GRID + col + 1]! > DEAD_ZONE);
  for (let row = 0; row < GRID - 1; row++)
    for (let col = 0; col < GRID - 1; col++) push(grid[row * GRID + col]! - grid[(row + 1) * GRID + col]! > DEAD_ZONE);
  const pixels = areaWidth * areaHeight;
  const byte = (value: number) => Math.max(0, Math.min(255, Math.round(value / pixels)));
  return { structure, tone: [byte(sumY), byte(sumCb), byte(sumCr)] };
}

/** The signature of a video from its six frames, taken at frameTimes(duration). */
export function buildSixpack(durationMs: number, frames: readonly RgbaFrame[]): Sixpack {
  if (frames.length !== FRAME_FRACTIONS.length) throw new RangeError(`a sixpack needs ${FRAME_FRACTIONS.length} frames`);
  return { durationMs: Math.max(0, Math.round(durationMs)), frames: frames.map(frameFingerprint) };
}

function popcount(byte: number): number {
  let count = 0;
  for (let value = byte; value; value &= value - 1) count++;
  return count;
}

/** 0 for the same frame, 1 for unrelated ones: the larger of the structural and the tonal difference. */
export function frameDistance(a: FrameFingerprint, b: FrameFingerprint): number {
  let differingBits = 0;
  for (let index = 0; index < STRUCTURE_BYTES; index++) differingBits += popcount(a.structure[index]! ^ b.structure[index]!);
  const structural = differingBits / (STRUCTURE_BYTES * 8);
  const toneGap = Math.abs(a.tone[0] - b.tone[0]) + Math.abs(a.tone[1] - b.tone[1]) + Math.abs(a.tone[2] - b.tone[2]);
  return Math.max(structural, Math.min(1, toneGap / TONE_SPAN));
}

/** SIMILARITY_MAX for identical signatures, about half of it for unrelated videos; duplicates score ≥ 222. */
export function similarity(a: Sixpack, b: Sixpack): number {
  let total = 0;
  for (let index = 0; index < FRAME_FRACTIONS.length; index++) total += frameDistance(a.frames[index]!, b.frames[index]!);
  return Math.round(SIMILARITY_MAX * (1 - total / FRAME_FRACTIONS.length));
}

export const isDuplicateSimilarity = (score: number) => score >= SIMILARITY_THRESHOLD;

/** Version, duration in ms (uint32), then per frame 16 structure bytes and Y, Cb, Cr. */
export function sixpackToBytes(sixpack: Sixpack): Uint8Array {
  const bytes = new Uint8Array(SIXPACK_BYTES);
  bytes[0] = SIXPACK_VERSION;
  new DataView(bytes.buffer).setUint32(1, Math.min(sixpack.durationMs, 0xffffffff));
  sixpack.frames.forEach((frame, index) => {
    const offset = HEADER_BYTES + index * FRAME_BYTES;
    bytes.set(frame.structure, offset);
    bytes.set(frame.tone, offset + STRUCTURE_BYTES);
  });
  return bytes;
}

/** Undefined unless the bytes are a sixpack of this version. */
export function sixpackFromBytes(bytes: Uint8Array): Sixpack | undefined {
  if (bytes.length !== SIXPACK_BYTES || bytes[0] !== SIXPACK_VERSION) return undefined;
  const durationMs = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(1);
  const frames = FRAME_FRACTIONS.map((_, index) => {
    const offset = HEADER_BYTES + index * FRAME_BYTES;
    const tone = bytes.subarray(offset + STRUCTURE_BYTES, offset + FRAME_BYTES);
    return {
      structure: bytes.slice(offset, offset + STRUCTURE_BYTES),
      tone: [tone[0]!, tone[1]!, tone[2]!] as const,
    };
  });
  return { durationMs, frames };
}

/** The wire form (`POST /simicheck/check-user {sixpack}`): base64 of the bytes. */
export function encodeSixpack(sixpack: Sixpack): string {
  return btoa(String.fromCharCode(...sixpackToBytes(sixpack)));
}

export const SIXPACK_BASE64_LENGTH = Math.ceil(SIXPACK_BYTES / 3) * 4;

export function decodeSixpack(text: string): Sixpack | undefined {
  if (text.length !== SIXPACK_BASE64_LENGTH) return undefined;
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return undefined;
  }
  return sixpackFromBytes(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/**
 * The coarse point the database indexes to find candidates without reading every signature: the duration in
 * seconds and each frame's mean luma. Copies land within PREFILTER_TOLERANCE of the original on every axis.
 */
export function prefilterPoint(sixpack: Sixpack): number[] {
  return [sixpack.durationMs / 1000, ...sixpack.frames.map((frame) => frame.tone[0])];
}

export const PREFILTER_TOLERANCE = {
  /** ± seconds: the larger of this and durationShare of the duration. */
  durationSeconds: 0.5,
  durationShare: 0.03,
  /** ± luma levels per frame. */
  luma: 24,
} as const;

/** The box around a point that candidates must fall in (lower and upper corners). */
export function prefilterBox(sixpack: Sixpack): { lower: number[]; upper: number[] } {
  const [seconds = 0, ...lumas] = prefilterPoint(sixpack);
  const slack = Math.max(PREFILTER_TOLERANCE.durationSeconds, seconds * PREFILTER_TOLERANCE.durationShare);
  return {
    lower: [seconds - slack, ...lumas.map((luma) => luma - PREFILTER_TOLERANCE.luma)],
    upper: [seconds + slack, ...lumas.map((luma) => luma + PREFILTER_TOLERANCE.luma)],
  };
}

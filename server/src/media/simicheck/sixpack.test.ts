import { describe, expect, test } from 'vitest';
import {
  buildSixpack,
  decodeSixpack,
  encodeSixpack,
  FRAME_FIT,
  fittedFrameSize,
  frameFingerprint,
  frameTimes,
  prefilterBox,
  prefilterPoint,
  type RgbaFrame,
  SIMILARITY_MAX,
  SIXPACK_BASE64_LENGTH,
  similarity,
} from './sixpack.ts';

/** A frame painted by `paint(x, y) -> [r, g, b]`. */
function frame(width: number, height: number, paint: (x: number, y: number) => readonly [number, number, number]): RgbaFrame {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x / width, y / height);
      data.set([r, g, b, 255], (y * width + x) * 4);
    }
  return { width, height, data };
}

const checker =
  (cells: number, phase = 0) =>
  (x: number, y: number) =>
    (Math.floor(x * cells + phase) + Math.floor(y * cells)) % 2 ? ([230, 200, 40] as const) : ([20, 60, 160] as const);
const flat = (r: number, g: number, b: number) => () => [r, g, b] as const;
const six = (make: (index: number) => RgbaFrame) => Array.from({ length: 6 }, (_, index) => make(index));

describe('sixpack', () => {
  test('frames are taken at the middle of each sixth; sizes fit the box', () => {
    expect(frameTimes(12)).toEqual([1, 3, 5, 7, 9, 11]);
    expect(fittedFrameSize(1080, 1920)).toEqual({ width: 144, height: FRAME_FIT });
    expect(fittedFrameSize(100, 50)).toEqual({ width: 100, height: 50 });
    expect(fittedFrameSize(10_000, 1)).toEqual({ width: FRAME_FIT, height: 1 });
  });

  test('the same picture at another resolution scores near the maximum; a shifted pattern far less', () => {
    const big = buildSixpack(
      6000,
      six((index) => frame(144, 256, checker(3 + index))),
    );
    const small = buildSixpack(
      6000,
      six((index) => frame(72, 128, checker(3 + index))),
    );
    // Hard checker edges that fall between pixels at one size and on them at the other: the worst case of resampling.
    expect(similarity(big, small)).toBeGreaterThanOrEqual(240);
    const shifted = buildSixpack(
      6000,
      six((index) => frame(144, 256, checker(3 + index, 0.5))),
    );
    expect(similarity(big, shifted)).toBeLessThan(200);
  });

  test('flat frames of different colours are as far apart as possible; the same colour is identical', () => {
    const red = buildSixpack(
      3000,
      six(() => frame(32, 32, flat(255, 0, 0))),
    );
    const blue = buildSixpack(
      3000,
      six(() => frame(32, 32, flat(0, 0, 255))),
    );
    expect(similarity(red, blue)).toBe(0);
    expect(
      similarity(
        red,
        buildSixpack(
          3000,
          six(() => frame(64, 48, flat(255, 0, 0))),
        ),
      ),
    ).toBe(SIMILARITY_MAX);
  });

  test('frames smaller than the grid still give a fingerprint', () => {
    expect(frameFingerprint(frame(2, 2, flat(10, 20, 30))).tone).toHaveLength(3);
    expect(() => frameFingerprint({ width: 4, height: 4, data: new Uint8Array(10) })).toThrow(RangeError);
    expect(() => buildSixpack(1000, [])).toThrow(RangeError);
  });

  test('the wire form round-trips and refuses anything else', () => {
    const sixpack = buildSixpack(
      4321,
      six((index) => frame(40, 70, checker(2 + index))),
    );
    const text = encodeSixpack(sixpack);
    expect(text).toHaveLength(SIXPACK_BASE64_LENGTH);
    expect(decodeSixpack(text)).toEqual(sixpack);
    expect(decodeSixpack(text.slice(1))).toBeUndefined();
    expect(decodeSixpack(`Ag${text.slice(2)}`)).toBeUndefined(); // version 2
    expect(decodeSixpack('!'.repeat(SIXPACK_BASE64_LENGTH))).toBeUndefined();
  });

  test('the prefilter box holds the point with the documented slack', () => {
    const sixpack = buildSixpack(
      40_000,
      six(() => frame(16, 16, flat(128, 128, 128))),
    );
    const point = prefilterPoint(sixpack);
    const { lower, upper } = prefilterBox(sixpack);
    expect(point).toHaveLength(7);
    expect(upper[0]! - point[0]!).toBeCloseTo(1.2); // 3 % of 40 s beats the 0.5 s floor
    point.forEach((value, axis) => {
      expect(lower[axis]).toBeLessThan(value);
      expect(upper[axis]).toBeGreaterThan(value);
    });
  });
});

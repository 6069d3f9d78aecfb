import { describe, expect, test } from 'vitest';
import { canRemux, type RemuxCandidate, rungSize, rungsFor, videoJobs } from './ladder.ts';

describe('the ladder', () => {
  test('has every rung up to the shortest side, and at least the first', () => {
    expect(rungsFor(720, 1280)).toEqual([360, 540, 720]);
    expect(rungsFor(1080, 1920)).toEqual([360, 540, 720, 1080]);
    expect(rungsFor(1920, 1080)).toEqual([360, 540, 720, 1080]);
    expect(rungsFor(2160, 3840)).toEqual([360, 540, 720, 1080]);
    expect(rungsFor(480, 718)).toEqual([360]);
    expect(rungsFor(719, 1280)).toEqual([360, 540]);
    expect(rungsFor(200, 300)).toEqual([360]);
  });

  test('sizes a rung by the shortest side with even sides, keeping the aspect ratio', () => {
    expect(rungSize(360, 1080, 1920)).toEqual({ width: 360, height: 640 });
    expect(rungSize(540, 1920, 1080)).toEqual({ width: 960, height: 540 });
    expect(rungSize(360, 480, 718)).toEqual({ width: 360, height: 538 });
  });

  test('plans probe, one job per rung, HLS and stills', () => {
    expect(videoJobs(720, 1280)).toEqual(['probe', 'mp4-360', 'mp4-540', 'mp4-720', 'hls', 'stills']);
  });
});

describe('remux instead of re-encode', () => {
  const fitting: RemuxCandidate = {
    container: 'mov',
    width: 720,
    height: 1280,
    rotation: 0,
    videoCodec: 'h264',
    videoProfile: 'High',
    videoBitRate: 2_000_000,
    audioCodec: 'aac',
  };

  test('only for 8-bit 4:2:0 H.264 with AAC or no sound, exactly the rung, upright, at a sane rate', () => {
    expect(canRemux(fitting, 720)).toBe(true);
    expect(canRemux({ ...fitting, audioCodec: undefined }, 720)).toBe(true);
    expect(canRemux(fitting, 540)).toBe(false);
    expect(canRemux({ ...fitting, videoCodec: 'hevc' }, 720)).toBe(false);
    expect(canRemux({ ...fitting, videoProfile: 'High 10' }, 720)).toBe(false);
    expect(canRemux({ ...fitting, audioCodec: 'opus' }, 720)).toBe(false);
    expect(canRemux({ ...fitting, rotation: 90 }, 720)).toBe(false);
    expect(canRemux({ ...fitting, videoBitRate: 20_000_000 }, 720)).toBe(false);
    expect(canRemux({ ...fitting, videoBitRate: undefined }, 720)).toBe(false);
  });
});

import { expect, test } from 'vitest';
import { clipFileName, recordingType } from './camera';

test('the recording container is the first one the browser supports', () => {
  expect(recordingType((type) => type.startsWith('video/webm'))).toBe('video/webm;codecs=vp9,opus');
  expect(recordingType((type) => type === 'video/mp4')).toBe('video/mp4');
  expect(recordingType(() => false)).toBeUndefined();
});

test('clips are named in order with their extension', () => {
  expect(clipFileName(1, 'video/webm;codecs=vp9,opus')).toBe('clip-1.webm');
  expect(clipFileName(2, 'video/mp4')).toBe('clip-2.mp4');
});

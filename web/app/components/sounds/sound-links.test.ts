import { describe, expect, test } from 'vitest';
import { soundLength } from './sound-format';
import { soundIdOf, soundPath } from './sound-links';

describe('sound addresses', () => {
  test('carry a readable slug and end with the id, which alone is read back', () => {
    expect(soundPath({ id: 12, name: 'Velvet Nights' })).toBe('/sound/velvet-nights-12');
    expect(soundPath({ id: 7, name: '♫♫' })).toBe('/sound/7');
    expect(soundIdOf('velvet-nights-12')).toBe(12);
    expect(soundIdOf('loop-2026-40')).toBe(40);
    expect(soundIdOf('7')).toBe(7);
    for (const segment of [undefined, '', 'velvet', 'x-0', '99999999999999999999'])
      expect(soundIdOf(segment), segment).toBeUndefined();
  });

  test('lengths read m:ss in the page language', () => {
    expect(soundLength(75.4, 'en')).toBe('1:15');
    expect(soundLength(9, 'en')).toBe('0:09');
    expect(soundLength(null, 'en')).toBe('');
    expect(soundLength(75, 'ar-EG')).toBe('١:١٥');
  });
});

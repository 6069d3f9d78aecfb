import { describe, expect, test } from 'vitest';
import {
  activeOrientation,
  orientationFromCookie,
  orientationOf,
  orientationVariants,
  pathInVariant,
  variantPath,
} from './orientation';

describe('site variants', () => {
  test('come from the home path or a suffixed section', () => {
    expect(orientationOf('/gay')?.name).toBe('gay');
    expect(orientationOf('/tag-trans/funny/3')?.name).toBe('trans');
    expect(orientationOf('/search-trends-gay')?.name).toBe('gay');
    expect(orientationOf('/video2-trans')?.name).toBe('trans');
    expect(orientationOf('/popular')).toBeUndefined();
    // A profile whose name happens to end in -gay is not a variant.
    expect(orientationOf('/alice-gay')).toBeUndefined();
  });

  test('build the same section in another variant', () => {
    const gay = orientationOf('/gay');
    expect(variantPath('popular', gay)).toBe('/popular-gay');
    expect(variantPath('home', gay)).toBe('/gay');
    expect(variantPath('tag', undefined)).toBe('/tag');
  });
});

test('a page moves to the same page in another variant', () => {
  const [gay, trans] = orientationVariants;
  expect(pathInVariant('/', gay)).toBe('/gay');
  expect(pathInVariant('/gay', trans)).toBe('/trans');
  expect(pathInVariant('/trans', undefined)).toBe('/');
  expect(pathInVariant('/popular', gay)).toBe('/popular-gay');
  expect(pathInVariant('/tag-trans/funny/3', undefined)).toBe('/tag/funny/3');
  expect(pathInVariant('/search-trends-gay', trans)).toBe('/search-trends-trans');
  expect(pathInVariant('/video2', gay)).toBe('/video2-gay');
  expect(pathInVariant('/settings', gay)).toBe('/settings');
  expect(pathInVariant('/alice-gay', trans)).toBe('/alice-gay');
});

test('the active orientation comes from the address (tempLockLGBT), else from the preference', () => {
  expect(orientationFromCookie('3')).toBe(3);
  expect(orientationFromCookie('0')).toBe(1);
  expect(orientationFromCookie(undefined)).toBe(1);
  expect(activeOrientation('/popular-gay', 3)).toBe(2);
  expect(activeOrientation('/popular', 3)).toBe(1);
  expect(activeOrientation('/', 2)).toBe(1);
  expect(activeOrientation('/settings', 2)).toBe(2);
  // A variant address shows its orientation whatever the preference says, and leaves the preference alone.
  expect(activeOrientation('/tag-trans/funny', 2)).toBe(3);
});

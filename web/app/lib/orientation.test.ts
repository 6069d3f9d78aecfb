import { describe, expect, test } from 'vitest';
import { orientationOf, variantPath } from './orientation';

describe('site variants', () => {
  test('come from the home path or a suffixed section', () => {
    expect(orientationOf('/gay')?.name).toBe('gay');
    expect(orientationOf('/tag-trans/funny/3')?.name).toBe('trans');
    expect(orientationOf('/search-trends-gay')?.name).toBe('gay');
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

import { describe, expect, test } from 'vitest';
import { nearQuery, spelledOutQuery } from './search-words.ts';

const known = (word: string, ...forms: string[]) => ({ word, forms });

describe('spelledOutQuery', () => {
  test('spells each prefix out as the known words it starts, quoted so that no character reads as an operator', () => {
    expect(spelledOutQuery([known('beach', 'beach', 'beaches'), known('sun', "sun's", 'a\\b')])).toBe(
      "('beach' | 'beaches') & ('sun''s' | 'a\\\\b')",
    );
  });

  test('keeps a prefix of more than 10 known words as a prefix, and leaves a word starting none to to_tsquery', () => {
    const many = known('ka', ...Array.from({ length: 11 }, (_, index) => `ka${index}`));
    expect(spelledOutQuery([many, known('dance', 'dance')])).toBe("'ka':* & ('dance')");
    expect(spelledOutQuery([known('dance', 'dance'), known('xq')])).toBeUndefined();
  });
});

describe('nearQuery', () => {
  test('replaces a word starting no known word by the closest ones and leaves it out without any', () => {
    const near = new Map([['cafw', ['cafe', 'cafes']]]);
    expect(nearQuery([known('cafw'), known('paris', 'paris')], near)).toBe("('cafe' | 'cafes') & ('paris')");
    expect(nearQuery([known('zzzq'), known('paris', 'paris')], new Map())).toBe("('paris')");
    expect(nearQuery([known('zzzq')], new Map())).toBeUndefined();
  });

  test('known words that never meet: any of them; a single known word asks nothing new', () => {
    expect(nearQuery([known('paris', 'paris'), known('session', 'session')], new Map())).toBe("('paris') | ('session')");
    expect(nearQuery([known('paris', 'paris')], new Map())).toBeUndefined();
  });
});

import { describe, expect, test } from 'vitest';
import {
  addSearch,
  clearHistory,
  forgetSearch,
  type HistoryStore,
  readHistory,
  rememberSearch,
  SEARCH_HISTORY_LIMIT,
} from './search-history';

function memoryStore(initial?: string): HistoryStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  if (initial !== undefined) data.set('velvet.searchHistory', initial);
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('addSearch', () => {
  test('puts the newest first, lower-cased and trimmed, without repeating an older one', () => {
    expect(addSearch(['yoga', 'dance'], '  Dance  Battle ')).toEqual(['dance battle', 'yoga', 'dance']);
    expect(addSearch(['yoga', 'dance'], 'DANCE')).toEqual(['dance', 'yoga']);
  });

  test('ignores blank searches', () => {
    expect(addSearch(['yoga'], '   ')).toEqual(['yoga']);
    expect(addSearch([], '')).toEqual([]);
  });

  test('keeps the latest 300', () => {
    const full = Array.from({ length: SEARCH_HISTORY_LIMIT }, (_, index) => `query ${index}`);
    const next = addSearch(full, 'newest');
    expect(next).toHaveLength(300);
    expect(next[0]).toBe('newest');
    expect(next.at(-1)).toBe('query 298');
  });
});

describe('stored history', () => {
  test('remembers, forgets and clears searches in the store', () => {
    const store = memoryStore();
    rememberSearch(store, 'Yoga');
    rememberSearch(store, 'Beach');
    expect(readHistory(store)).toEqual(['beach', 'yoga']);
    expect(forgetSearch(store, 'beach')).toEqual(['yoga']);
    expect(readHistory(store)).toEqual(['yoga']);
    clearHistory(store);
    expect(store.data.size).toBe(0);
  });

  test('reads garbage, other types and no storage as an empty history', () => {
    expect(readHistory(memoryStore('{not json'))).toEqual([]);
    expect(readHistory(memoryStore('{"a":1}'))).toEqual([]);
    expect(readHistory(memoryStore('["ok", 3, "", "  "]'))).toEqual(['ok']);
    expect(readHistory(undefined)).toEqual([]);
    expect(rememberSearch(undefined, 'x')).toEqual(['x']);
  });

  test('a store that refuses writes still answers', () => {
    const store = memoryStore();
    store.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    expect(rememberSearch(store, 'dance')).toEqual(['dance']);
  });
});

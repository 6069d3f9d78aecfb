/** Spec §5: the latest 300 searches, lower case, blanks ignored; kept in this browser only. */
export const SEARCH_HISTORY_LIMIT = 300;
const STORAGE_KEY = 'velvet.searchHistory';

/** Where the history lives; `localStorage` in the browser, a Map in tests. */
export interface HistoryStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The history with one more search at its front: lower case, trimmed, no repeat, at most 300. */
export function addSearch(history: readonly string[], query: string): string[] {
  const entry = query.trim().replace(/\s+/g, ' ').toLowerCase();
  if (!entry) return [...history];
  return [entry, ...history.filter((item) => item !== entry)].slice(0, SEARCH_HISTORY_LIMIT);
}

/** Anything unreadable (another tab wrote garbage, storage blocked) reads as an empty history. */
export function readHistory(store: HistoryStore | undefined): string[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(STORAGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((item): item is string => typeof item === 'string' && item.trim() !== '').slice(0, SEARCH_HISTORY_LIMIT);
  } catch {
    return [];
  }
}

export function rememberSearch(store: HistoryStore | undefined, query: string): string[] {
  const history = addSearch(readHistory(store), query);
  try {
    store?.setItem(STORAGE_KEY, JSON.stringify(history));
  } catch {
    // Storage full or blocked (private mode): the search works, it is just not remembered.
  }
  return history;
}

export function forgetSearch(store: HistoryStore | undefined, query: string): string[] {
  const history = readHistory(store).filter((item) => item !== query);
  try {
    store?.setItem(STORAGE_KEY, JSON.stringify(history));
  } catch {
    // As above.
  }
  return history;
}

export function clearHistory(store: HistoryStore | undefined): string[] {
  try {
    store?.removeItem(STORAGE_KEY);
  } catch {
    // As above.
  }
  return [];
}

/** The browser's localStorage, or undefined where it cannot be used (server rendering, blocked storage). */
export function browserStore(): HistoryStore | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

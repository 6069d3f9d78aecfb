import { readFileSync } from 'node:fs';
import { normalizeSearchText } from './search-text.ts';

/** Scripts written without spaces between words: a term matches anywhere inside the query. */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** Single-word terms at least this long also match as the start of a longer word (pedophile → pedophiles). */
const PREFIX_MIN = 6;

interface Term {
  readonly words: string;
  readonly compact: string;
  readonly unspaced: boolean;
}

/**
 * The maintained list of search terms for illegal content (restricted-terms.json). Every language's
 * terms apply to every query: people search in languages other than their interface's.
 */
export class RestrictedTerms {
  private readonly terms: readonly Term[];

  constructor(byLanguage: Readonly<Record<string, readonly string[]>>) {
    const unique = new Set(Object.values(byLanguage).flatMap((list) => list.map(normalizeSearchText).filter(Boolean)));
    this.terms = [...unique].map((words) => ({
      words,
      compact: words.replace(/ /g, ''),
      unspaced: UNSPACED_SCRIPT.test(words),
    }));
  }

  static load(): RestrictedTerms {
    const file = JSON.parse(readFileSync(new URL('./restricted-terms.json', import.meta.url), 'utf8'));
    return new RestrictedTerms(file.terms);
  }

  get size(): number {
    return this.terms.length;
  }

  /** Whether a normalised query (normalizeSearchText) asks for restricted content. */
  matches(normalized: string): boolean {
    if (!normalized) return false;
    const spaced = ` ${normalized} `;
    const words = normalized.split(' ');
    const compact = words.join('');
    return this.terms.some((term) => {
      if (term.unspaced) return compact.includes(term.compact);
      if (spaced.includes(` ${term.words} `)) return true;
      if (words.includes(term.compact)) return true;
      return term.compact === term.words && term.words.length >= PREFIX_MIN && words.some((word) => word.startsWith(term.words));
    });
  }
}

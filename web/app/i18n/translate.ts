/**
 * The translator behind every screen: a message lookup with `{{name}}` interpolation and plural forms,
 * typed by the English source so a misspelt key fails the type check. It replaces i18next, whose
 * runtime was the largest avoidable part of the home page's first-load JavaScript (budget 130 KB gzip),
 * while keeping the message format its files use: nested keys joined by dots, `{{value}}` placeholders,
 * and plural variants as `key_one`, `key_other` (... `_zero`, `_two`, `_few`, `_many`) chosen by
 * Intl.PluralRules from a numeric `count`.
 */
import { numberLocale } from '../lib/format-number';
import type { Messages } from './messages';

type Join<Prefix extends string, Key extends string> = Prefix extends '' ? Key : `${Prefix}.${Key}`;
type PluralSuffix = '_zero' | '_one' | '_two' | '_few' | '_many' | '_other';
type WithoutPlural<Key extends string> = Key extends `${infer Base}${PluralSuffix}` ? Base : Key;

/** Every dotted path to a string in an object of messages; plural variants also answer to their base key. */
export type KeysOf<Tree, Prefix extends string = ''> = {
  [Key in keyof Tree & string]: Tree[Key] extends string
    ? Join<Prefix, Key> | WithoutPlural<Join<Prefix, Key>>
    : KeysOf<Tree[Key], Join<Prefix, Key>>;
}[keyof Tree & string];

export type MessageKey = KeysOf<Messages>;
export type MessageValues = Readonly<Record<string, string | number>>;
export type TFunction = (key: MessageKey, values?: MessageValues) => string;

type MessageTree = { readonly [key: string]: string | MessageTree };

function lookup(tree: MessageTree | undefined, path: string): string | undefined {
  let node: string | MessageTree | undefined = tree;
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function interpolate(text: string, values: MessageValues | undefined, numbers: Intl.NumberFormat): string {
  if (!values) return text;
  return text.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => {
    if (!(name in values)) return whole;
    const value = values[name];
    return typeof value === 'number' ? numbers.format(value) : String(value);
  });
}

export interface Translator {
  readonly language: string;
  readonly t: TFunction;
}

/**
 * A translator for one language. `fallback` answers keys the language lacks (the locale test keeps
 * that from happening for shipped languages); an unknown key answers itself, so a gap shows, not a blank.
 */
export function createTranslator(language: string, messages: object, fallback?: object): Translator {
  const plurals = new Intl.PluralRules(language);
  const numbers = new Intl.NumberFormat(numberLocale(language), { maximumFractionDigits: 1 });
  // A language's messages never change (a version's content is fixed), so a key found once is kept: a page
  // asks hundreds of them, each a walk down the tree (issue 22). Only found keys, so the map stays bounded.
  const found = new Map<string, string>();
  const find = (key: string) => {
    let text = found.get(key);
    if (text === undefined) {
      text = lookup(messages as MessageTree, key) ?? lookup(fallback as MessageTree | undefined, key);
      if (text !== undefined) found.set(key, text);
    }
    return text;
  };
  const t: TFunction = (key, values) => {
    const count = values?.count;
    // A browser whose plural rules know a category the file lacks still gets the general form.
    const plural = typeof count === 'number' ? (find(`${key}_${plurals.select(count)}`) ?? find(`${key}_other`)) : undefined;
    const text = plural ?? find(key);
    return text === undefined ? key : interpolate(text, values, numbers);
  };
  return { language, t };
}

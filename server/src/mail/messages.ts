import { readFileSync } from 'node:fs';

export type MessageKey = 'verify-email' | 'reset-password';

export interface MessageText {
  readonly subject: string;
  readonly text: string;
}

/**
 * E-mail texts per language, one JSON file per language in `dir` (all 22 interface languages). A language
 * without a file, or without a key, falls back to en. Each domain with e-mails of its own keeps its own folder.
 */
export function messageCatalogue<K extends string>(dir: URL) {
  const catalogues = new Map<string, Record<K, MessageText>>();

  function catalogue(language: string): Record<K, MessageText> | undefined {
    if (!/^[a-z]{2}$/.test(language)) return undefined;
    if (!catalogues.has(language)) {
      try {
        catalogues.set(language, JSON.parse(readFileSync(new URL(`./${language}.json`, dir), 'utf8')));
      } catch {
        return undefined;
      }
    }
    return catalogues.get(language);
  }

  /** The message in the reader's language (locale like cs-CZ or language like cs) with {{name}} filled in. */
  return function render(key: K, locale: string, values: Record<string, string | number>): MessageText {
    const language = locale.slice(0, 2).toLowerCase();
    const text = catalogue(language)?.[key] ?? catalogue('en')?.[key];
    if (!text) throw new Error(`missing e-mail message ${key}`);
    return { subject: fillTemplate(text.subject, values), text: fillTemplate(text.text, values) };
  };
}

/** The account e-mails (verification, password reset) in the reader's language. */
export const renderMessage = messageCatalogue<MessageKey>(new URL('./messages/', import.meta.url));

/** `{{name}}` placeholders filled from `values`; unknown ones are left as they are. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(values[name] ?? whole));
}

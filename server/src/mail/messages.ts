import { readFileSync } from 'node:fs';

export type MessageKey = 'verify-email' | 'reset-password';

interface MessageText {
  readonly subject: string;
  readonly text: string;
}

/**
 * E-mail texts per language, one JSON file each under messages/ (all 22 interface languages). A language without a
 * file, or without a key, falls back to en.
 */
const catalogues = new Map<string, Record<MessageKey, MessageText>>();

function catalogue(language: string): Record<MessageKey, MessageText> | undefined {
  if (!/^[a-z]{2}$/.test(language)) return undefined;
  if (!catalogues.has(language)) {
    try {
      catalogues.set(language, JSON.parse(readFileSync(new URL(`./messages/${language}.json`, import.meta.url), 'utf8')));
    } catch {
      return undefined;
    }
  }
  return catalogues.get(language);
}

/** The message in the reader's language (locale like cs-CZ or language like cs) with {{name}} filled in. */
export function renderMessage(key: MessageKey, locale: string, values: Record<string, string | number>): MessageText {
  const language = locale.slice(0, 2).toLowerCase();
  const text = catalogue(language)?.[key] ?? catalogue('en')?.[key];
  if (!text) throw new Error(`missing e-mail message ${key}`);
  return { subject: fillTemplate(text.subject, values), text: fillTemplate(text.text, values) };
}

/** `{{name}}` placeholders filled from `values`; unknown ones are left as they are. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(values[name] ?? whole));
}

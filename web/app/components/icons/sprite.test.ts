import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SPRITE_ICONS } from './sprite-icons';

const markupOf = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');

describe('icon sprites', () => {
  it.each([
    ['shell', 'shell-icons.svg'],
    ['card', 'card-icons.svg'],
  ] as const)('the %s sprite defines exactly the icons it names, each once', (set, file) => {
    const ids = [...markupOf(file).matchAll(/<symbol id="i-([a-z-]+)"/g)].map(([, id]) => id);
    expect(ids).toEqual(SPRITE_ICONS[set]);
  });

  it('holds shapes only: no script, no event handler, no link out of the document', () => {
    for (const file of ['shell-icons.svg', 'card-icons.svg']) {
      const markup = markupOf(file);
      expect(markup).not.toMatch(/<script|<foreignObject|\son\w+=|href=/i);
      expect(markup.match(/<symbol\b/g)?.length).toBe(markup.match(/<\/symbol>/g)?.length);
    }
  });
});

import { expect, test } from 'vitest';
import { OFFLINE_SCRIPT, renderOfflinePage, renderOfflineScript } from './offline-page';

const text = (lang: string, title: string, dir: 'ltr' | 'rtl' = 'ltr') => ({
  lang,
  dir,
  documentTitle: `${title} · Velvet`,
  title,
  message: 'Check <your> connection',
  retry: 'Try again',
});

test('the offline page reads in English without scripts; its script, a file of its own, carries every language', () => {
  const texts = { en: text('en-US', "You're offline"), he: text('he-IL', 'אין חיבור', 'rtl') };
  const html = renderOfflinePage(texts);
  expect(html).toContain('<html lang="en-US" dir="ltr">');
  expect(html).toContain('<h1 id="title">You\'re offline</h1>');
  expect(html).toContain('Check &lt;your&gt; connection');
  expect(html).not.toMatch(/<your>/);
  // The site's CSP runs no inline script: the page's only script is the file.
  expect([...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag)).toEqual([`<script src="/${OFFLINE_SCRIPT}">`]);
  expect(renderOfflineScript(texts)).toContain('"he":{"lang":"he-IL","dir":"rtl"');
});

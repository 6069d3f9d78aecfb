import { expect, test } from 'vitest';
import { renderOfflinePage } from './offline-page';

const text = (lang: string, title: string, dir: 'ltr' | 'rtl' = 'ltr') => ({
  lang,
  dir,
  documentTitle: `${title} · Velvet`,
  title,
  message: 'Check <your> connection',
  retry: 'Try again',
});

test('the offline page reads in English without scripts and carries every language for its script', () => {
  const html = renderOfflinePage({ en: text('en-US', "You're offline"), he: text('he-IL', 'אין חיבור', 'rtl') });
  expect(html).toContain('<html lang="en-US" dir="ltr">');
  expect(html).toContain('<h1 id="title">You\'re offline</h1>');
  expect(html).toContain('Check &lt;your&gt; connection');
  expect(html).toContain('"he":{"lang":"he-IL","dir":"rtl"');
  expect(html).not.toMatch(/<your>/);
});

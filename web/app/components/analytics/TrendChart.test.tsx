import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { sourceMessages } from '../../i18n/messages';
import { I18nProvider } from '../../i18n/react';
import { createTranslator } from '../../i18n/translate';
import { METRICS, type SeriesDay } from './analytics-format';
import { TrendChart } from './TrendChart';

const day = (date: string, views: number, completions = 0): SeriesDay => ({
  day: date,
  views,
  uniqueViewers: views,
  watchMs: views * 1000,
  completions,
  likes: 0,
  shares: 0,
});
const series = [day('2026-03-01', 12), day('2026-03-02', 0), day('2026-03-03', 1500, 300)];
const metric = (name: string) => METRICS.find((candidate) => candidate.name === name) ?? METRICS[0]!;

function render(dir: 'ltr' | 'rtl', name = 'views', language = 'en-US') {
  return renderToStaticMarkup(
    <I18nProvider translator={createTranslator(language, sourceMessages)}>
      <TrendChart metric={metric(name)} series={series} dir={dir} title="Views · 28 days" />
    </I18nProvider>,
  );
}

/** The x coordinate where the drawn line starts: the first day's. */
const firstX = (html: string) =>
  Number(
    /class="[^"]*chartLine[^"]*"[^>]*d="M([\d.]+)/.exec(html)?.[1] ??
      /d="M([\d.]+)[^"]*"[^>]*class="[^"]*chartLine/.exec(html)?.[1],
  );

describe('TrendChart', () => {
  test('the drawing is hidden from screen readers; a labelled figure, its description and a table of every day stand for it', () => {
    const html = render('ltr');
    expect(html).toMatch(/<svg[^>]*aria-hidden="true"/);
    const figure = /<figure[^>]*aria-labelledby="([^"]+)"[^>]*aria-describedby="([^"]+)"/.exec(html);
    expect(figure).not.toBeNull();
    const [, titleId, descriptionId] = figure as RegExpExecArray;
    expect(html).toContain(`id="${titleId}"`);
    expect(html).toMatch(
      new RegExp(`id="${descriptionId}"[^>]*>From Mar 1 to Mar 3: 1,512 in all, highest on Mar 3 \\(1,500\\)\\.<`),
    );
    const rows = [...html.matchAll(/<tr><th scope="row">([^<]+)<\/th><td>([^<]+)<\/td><\/tr>/g)].map((match) => [
      match[1],
      match[2],
    ]);
    expect(rows).toEqual([
      ['Sunday, March 1, 2026', '12'],
      ['Monday, March 2, 2026', '0'],
      ['Tuesday, March 3, 2026', '1,500'],
    ]);
    // Hidden visually until asked for, by a button that says what it controls.
    expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*aria-controls="[^"]+-table"[^>]*>Show as table<\/button>/);
  });

  test('a rate is drawn and tabled per day, as a percentage', () => {
    const html = render('ltr', 'completionRate');
    expect(html).toContain('<td>20%</td>');
    expect(html).toContain('highest on Mar 3 (20%)');
  });

  test('time runs right to left in RTL: the first day is drawn at the right', () => {
    const ltr = firstX(render('ltr'));
    const rtl = firstX(render('rtl'));
    expect(ltr).toBeLessThan(100);
    expect(rtl).toBeGreaterThan(600);
  });
});

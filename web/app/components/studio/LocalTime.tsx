import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { MessageKey } from '../../i18n/translate';
import { numberLocale } from '../../lib/format-number';

/** True once the page runs in the browser: what depends on the viewer's time zone waits for it. */
export function useInBrowser(): boolean {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  return inBrowser;
}

/**
 * A moment in the viewer's language and time zone. The server knows neither zone nor clock of the viewer,
 * so its render (and the first one in the browser, which must match it) says the time in UTC.
 */
export function LocalTime({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  const inBrowser = useInBrowser();
  return <time dateTime={iso}>{dateTimeFormat(i18n.language, inBrowser).format(new Date(iso))}</time>;
}

// A DateTimeFormat takes longer to make than to use (the studio's list makes one per row): one per language and zone.
const formats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(language: string, viewerZone: boolean): Intl.DateTimeFormat {
  const key = `${language} ${viewerZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(numberLocale(language), {
      dateStyle: 'medium',
      timeStyle: 'short',
      ...(viewerZone ? {} : { timeZone: 'UTC' }),
    });
    formats.set(key, format);
  }
  return format;
}

const MARK = '\u0000';

/** A sentence with a `{{time}}` placeholder, the time in it as <LocalTime> wherever the language puts it. */
export function TimeSentence({ message, iso }: { message: MessageKey; iso: string }) {
  const { t } = useTranslation();
  const [before = '', after = ''] = t(message, { time: MARK }).split(MARK);
  return (
    <span>
      {before}
      <LocalTime iso={iso} />
      {after}
    </span>
  );
}

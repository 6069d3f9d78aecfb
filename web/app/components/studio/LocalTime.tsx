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
  const format = new Intl.DateTimeFormat(numberLocale(i18n.language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(inBrowser ? {} : { timeZone: 'UTC' }),
  });
  return <time dateTime={iso}>{format.format(new Date(iso))}</time>;
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

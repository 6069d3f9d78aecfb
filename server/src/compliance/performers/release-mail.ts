import type { Logger } from 'pino';
import type { Mailer } from '../../mail/mailer.ts';
import { messageCatalogue } from '../../mail/messages.ts';

/** The e-mails to guest performers (messages/<language>.json, all 22 interface languages). */
export type ReleaseMessage = 'guest-release' | 'release-rejected';

const render = messageCatalogue<ReleaseMessage>(new URL('./messages/', import.meta.url));

/** Where a guest opens their release: the web app's /release/{token} page. */
export const releasePath = (token: string) => `/release/${token}`;

export interface ReleaseLetter {
  readonly to: string;
  readonly guestName: string;
  readonly creator: string;
  readonly title: string;
  readonly token: string;
  /** The creator's language: the only one known for a person without an account. */
  readonly locale: string;
  readonly expiresAt: Date;
}

/**
 * Sends guests their release links, and the news that their identity was not accepted (with a new link).
 * A failed e-mail is logged, never fails the change that caused it: the creator can send the link again.
 */
export class ReleaseMail {
  readonly #mailer: Mailer;
  readonly #baseUrl: string;
  readonly #log: Logger;

  constructor(deps: { mailer: Mailer; baseUrl: string; log: Logger }) {
    this.#mailer = deps.mailer;
    this.#baseUrl = deps.baseUrl;
    this.#log = deps.log;
  }

  async send(message: ReleaseMessage, letter: ReleaseLetter, reason = ''): Promise<void> {
    const text = render(message, letter.locale, {
      guestName: letter.guestName,
      creator: letter.creator,
      title: letter.title || '—',
      link: `${this.#baseUrl}${releasePath(letter.token)}`,
      expires: letter.expiresAt.toISOString().slice(0, 10),
      reason,
    });
    try {
      await this.#mailer.send({ to: letter.to, ...text });
    } catch (error) {
      this.#log.warn({ err: error, message }, 'release e-mail not sent');
    }
  }
}

import { readFileSync } from 'node:fs';
import type { Logger } from 'pino';
import type { Mailer } from '../../mail/mailer.ts';
import { messageCatalogue } from '../../mail/messages.ts';
import type { NotificationService } from '../../notifications/notifications.service.ts';
import { postPath } from '../../posts/slug.ts';
import type { IncompletePostRow, RecordsRepository } from './records.repository.ts';

/** The `notice` of the creator's notification (web: records.notice.incomplete). */
export const RECORDS_INCOMPLETE_NOTICE = 'records-incomplete';

/**
 * Posts published within this many hours are left alone: the performer manifest decides their
 * publication, and a post a creator (or an end-to-end test) has just published is never pulled from
 * under them. The guard is for what was published before the records were required.
 */
export const GUARD_GRACE_HOURS = 24;

export const missingItems = ['performers', 'consent', 'identity', 'production-date'] as const;
export type MissingItem = (typeof missingItems)[number];

export function missingOf(row: IncompletePostRow): MissingItem[] {
  return [
    ...(row.noPerformers ? (['performers'] as const) : []),
    ...(row.performerNotCleared ? (['consent'] as const) : []),
    ...(row.ownerUnverified ? (['identity'] as const) : []),
    ...(row.noProductionDate ? (['production-date'] as const) : []),
  ];
}

const MESSAGES = new URL('./messages/', import.meta.url);
const renderMail = messageCatalogue<'records-incomplete'>(MESSAGES);
const missingLabels = new Map<string, Record<MissingItem, string>>();

/** The wording of the missing items in the reader's language (messages/<language>.json, `missing`), en when absent. */
function labelsFor(locale: string): Record<MissingItem, string> {
  const language = /^[a-z]{2}/.exec(locale.toLowerCase())?.[0] ?? 'en';
  for (const candidate of [language, 'en']) {
    if (!missingLabels.has(candidate)) {
      try {
        missingLabels.set(candidate, JSON.parse(readFileSync(new URL(`./${candidate}.json`, MESSAGES), 'utf8')).missing);
      } catch {
        continue;
      }
    }
    const labels = missingLabels.get(candidate);
    if (labels) return labels;
  }
  throw new Error('missing records messages');
}

export interface LegacyGuardDeps {
  readonly records: RecordsRepository;
  readonly notifications: Pick<NotificationService, 'moderationNotice'>;
  readonly mailer: Mailer;
  readonly origin: string;
  readonly log: Logger;
}

export interface GuardReport {
  readonly held: number;
  readonly creators: number;
}

/**
 * Job `records:legacy-guard` (daily, and `velvet records guard`): published posts whose performers'
 * records are incomplete go to awaiting performers (13), owner-only, and each creator hears once per run
 * which posts and what is missing: an in-app notification and, with an address, an e-mail listing them.
 */
export class LegacyGuard {
  readonly #deps: LegacyGuardDeps;

  constructor(deps: LegacyGuardDeps) {
    this.#deps = deps;
  }

  async run(): Promise<GuardReport> {
    const { records, log } = this.#deps;
    const found = await records.incompletePublished(GUARD_GRACE_HOURS);
    const held = new Set(await records.holdForRecords(found.map((row) => row.postId)));
    const byOwner = new Map<number, IncompletePostRow[]>();
    for (const row of found) {
      if (!held.has(row.postId)) continue;
      byOwner.set(row.ownerId, [...(byOwner.get(row.ownerId) ?? []), row]);
    }
    for (const owner of await records.owners([...byOwner.keys()])) {
      await this.#tell(owner, byOwner.get(owner.id) ?? []);
    }
    if (held.size > 0) log.info({ held: held.size, creators: byOwner.size }, 'legacy guard held posts with incomplete records');
    return { held: held.size, creators: byOwner.size };
  }

  async #tell(owner: { id: number; username: string; email: string | null; lang: string | null }, posts: IncompletePostRow[]) {
    const { notifications, mailer, origin, log } = this.#deps;
    await notifications.moderationNotice(owner.id, null, RECORDS_INCOMPLETE_NOTICE);
    if (!owner.email) return;
    try {
      const locale = owner.lang ?? 'en';
      const labels = labelsFor(locale);
      const list = posts
        .map((post) => {
          const missing = missingOf(post).map((item) => labels[item]);
          return `- ${post.title || `#${post.postId}`} (${origin}${postPath(post.postId, post.title)})\n  ${missing.join('; ')}`;
        })
        .join('\n');
      await mailer.send({
        to: owner.email,
        ...renderMail('records-incomplete', locale, { username: owner.username, posts: list }),
      });
    } catch (error) {
      log.warn({ err: error, userId: owner.id }, 'records-incomplete e-mail not sent');
    }
  }
}

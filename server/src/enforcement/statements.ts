import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { fillTemplate } from '../mail/messages.ts';
import type { AccountSubject, ActionRow } from './enforcement.repository.ts';
import type { Category, PostActionKind, Rule, Statement } from './vocabulary.ts';
import { postActionKinds } from './vocabulary.ts';

interface StatementTexts {
  readonly subjectPost: string;
  readonly subjectAccount: string;
  readonly greeting: string;
  readonly why: string;
  readonly number: string;
  readonly kinds: Record<string, string>;
  readonly categories: Record<Category, string>;
  readonly rules: Record<Rule, string>;
  readonly reason: string;
  readonly automated: string;
  readonly manual: string;
  readonly appeal: string;
  readonly noAppeal: string;
}

const catalogues = new Map<string, StatementTexts | null>();

/** The texts in the reader's language (statements/<language>.json, all 22), English when there is none. */
export function statementTexts(locale: string): StatementTexts {
  const language = locale.slice(0, 2).toLowerCase();
  const load = (name: string): StatementTexts | null => {
    if (!catalogues.has(name)) {
      try {
        catalogues.set(name, JSON.parse(readFileSync(new URL(`./statements/${name}.json`, import.meta.url), 'utf8')));
      } catch {
        catalogues.set(name, null);
      }
    }
    return catalogues.get(name) ?? null;
  };
  const texts = (/^[a-z]{2}$/.test(language) ? load(language) : null) ?? load('en');
  if (!texts) throw new Error('missing statements/en.json');
  return texts;
}

/** Where the addressee reads a statement and appeals it (the web app's page). */
export const statementPath = (actionId: number) => `/statements/${actionId}`;

const isPostKind = (kind: string): kind is PostActionKind => (postActionKinds as readonly string[]).includes(kind);

export function presentStatement(action: ActionRow, now = Date.now()): Statement {
  const restore = action.kind === 'post-restore' || action.kind === 'account-restore';
  const open = !restore && action.appealableUntil !== null && action.appealableUntil.getTime() > now && action.appealId === null;
  return {
    id: action.id,
    kind: action.kind,
    postId: action.postId === null ? null : Number(action.postId),
    userId: Number(action.userId),
    caseId: action.caseId === null ? null : Number(action.caseId),
    category: action.category,
    rule: action.rule,
    publicReason: action.publicReason,
    automated: action.automated,
    endsAt: action.endsAt?.toISOString() ?? null,
    createdAt: action.createdAt.toISOString(),
    appealableUntil: restore ? null : (action.appealableUntil?.toISOString() ?? null),
    appealPath: open ? statementPath(action.id) : null,
    appeal: action.appealId === null ? null : { id: Number(action.appealId), status: action.appealStatus ?? 'open' },
    counterNoticeAllowed:
      action.kind === 'post-hide' &&
      action.category === 'copyright' &&
      action.counterNoticeId === null &&
      action.postStatus === 10,
  };
}

/** The e-mail form of a statement of reasons, in the addressee's language. */
export function renderStatement(
  action: ActionRow,
  account: Pick<AccountSubject, 'username' | 'lang'>,
  postTitle: string,
  baseUrl: string,
  appealToken?: string,
): { subject: string; text: string } {
  const texts = statementTexts(account.lang);
  const date = (value: Date) =>
    `${new Intl.DateTimeFormat(account.lang, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(value)} UTC`;
  const link = `${baseUrl}${statementPath(action.id)}${appealToken ? `?token=${appealToken}` : ''}`;
  const statement = presentStatement(action);
  const lines = [
    fillTemplate(texts.greeting, { username: account.username }),
    '',
    fillTemplate(texts.kinds[action.kind] ?? action.kind, { title: postTitle, until: action.endsAt ? date(action.endsAt) : '' }),
    '',
    fillTemplate(texts.why, { category: texts.categories[action.category], rule: texts.rules[action.rule] }),
    ...(action.publicReason ? [fillTemplate(texts.reason, { reason: action.publicReason })] : []),
    action.automated ? texts.automated : texts.manual,
    '',
    statement.appealPath && action.appealableUntil
      ? fillTemplate(texts.appeal, { until: date(action.appealableUntil), link })
      : fillTemplate(texts.noAppeal, { link }),
    '',
    fillTemplate(texts.number, { id: action.id }),
  ];
  return { subject: isPostKind(action.kind) ? texts.subjectPost : texts.subjectAccount, text: `${lines.join('\n')}\n` };
}

/**
 * Sends a statement of reasons (DSA art. 17) to the user an action is about: a `moderation` notification
 * pointing at the action and an e-mail in their language. A failure is logged and
 * never undoes the action: the statement stays readable at GET /api/enforcement/statements/{id}.
 */
export class StatementSender {
  readonly #db: Db;
  readonly #mailer: Mailer;
  readonly #baseUrl: string;
  readonly #log: Logger;

  constructor(deps: { db: Db; mailer: Mailer; baseUrl: string; log: Logger }) {
    this.#db = deps.db;
    this.#mailer = deps.mailer;
    this.#baseUrl = deps.baseUrl;
    this.#log = deps.log;
  }

  async send(action: ActionRow, account: AccountSubject, postTitle: string, appealToken?: string): Promise<void> {
    try {
      await sql`INSERT INTO notifications (user_id, type, actor_count, case_id, notice, enforcement_action_id)
        VALUES (${account.id}, 'moderation', 0, ${action.caseId}, 'statement', ${action.id})`.execute(this.#db);
      if (account.email) {
        await this.#mailer.send({
          to: account.email,
          ...renderStatement(action, account, postTitle, this.#baseUrl, appealToken),
        });
      }
    } catch (error) {
      this.#log.error({ err: error, actionId: action.id }, 'statement of reasons not sent');
    }
  }
}

import type { Logger } from 'pino';
import { AppError } from '../../http/errors.ts';
import type { Actor, AuditEntryInput } from '../../moderation/audit-log.ts';
import type { CaseIntake, OpenedCase } from '../../moderation/cases.service.ts';
import type { BankCategory, BankMatch, FrameHash, HashBanksRepository } from './hash-banks.repository.ts';
import { INVALID_LINES_SHOWN, parseHashList } from './hash-list.ts';

/** PDQ's authors: hashes of pictures below this quality (flat, nearly featureless) match too loosely to act on. */
export const MIN_MATCH_QUALITY = 50;
const RECENT_MATCHES = 50;

export interface HashBankDeps {
  readonly repository: HashBanksRepository;
  readonly cases: { open(intake: CaseIntake): Promise<OpenedCase> };
  readonly audit: { record(entry: AuditEntryInput): Promise<unknown> };
  readonly matchDistance: number;
  readonly log: Logger;
}

export interface ImportSummary {
  readonly bank: string;
  readonly added: number;
  readonly duplicates: number;
  readonly invalidCount: number;
  readonly invalid: { line: number; text: string }[];
}

/**
 * Hash banks (README.md beside this file): the screening of each upload before publication, imports of
 * hash lists by admins, and the console's overview. The internal bank fills itself (migration 0031's
 * trigger on removals), so nothing here writes to it.
 */
export class HashBankService {
  readonly #deps: HashBankDeps;

  constructor(deps: HashBankDeps) {
    this.#deps = deps;
  }

  /** Stores a media file's PDQ hashes (a picture: one; a video: its sampled frames). */
  recordMediaHashes(mediaId: number, frames: readonly FrameHash[]): Promise<void> {
    return this.#deps.repository.saveMediaHashes(mediaId, frames);
  }

  /**
   * Before a post publishes: every stored hash of its media against every bank. A match holds the post in
   * review as `hash-match` (never published, whatever its owner chose) and opens one restricted case with
   * the bank, entry and distance of each match. True when the post was quarantined. Safe to run again.
   */
  async screen(post: { id: number; userId: number }): Promise<boolean> {
    const { repository, matchDistance } = this.#deps;
    const found: { mediaId: number; frame: number; match: BankMatch }[] = [];
    for (const stored of await repository.postHashes(post.id)) {
      if (stored.quality < MIN_MATCH_QUALITY) continue;
      const match = await repository.nearest(stored.hash, matchDistance);
      if (match) found.push({ mediaId: stored.mediaId, frame: stored.frame, match });
    }
    const first = found[0];
    if (!first) return false;
    await repository.quarantine(post.id);
    for (const { mediaId, match } of found) await repository.recordMatch(post.id, mediaId, match);
    if ((await repository.caseOf(post.id)) === null) {
      const { caseId } = await this.#deps.cases.open({
        kind: 'automated',
        category: first.match.category,
        subject: { postId: post.id, userId: post.userId },
        reporter: { locale: 'en' },
        text: `Upload matched hash bank "${first.match.bankName}" (entry ${first.match.entryId}, distance ${first.match.distance}).`,
        details: {
          check: 'pdq-hash-match',
          matches: found.map(({ mediaId, frame, match }) => ({ mediaId, frame, ...match })),
        },
        ip: '',
        restricted: true,
      });
      await repository.attachCase(post.id, caseId);
    }
    this.#deps.log.warn({ postId: post.id, matches: found.length }, 'upload quarantined by a hash-bank match');
    return true;
  }

  /** An admin's import of a hash list into an imported bank (created on first use). */
  async importList(actor: Actor, input: { bank: string; category: BankCategory; list: string }): Promise<ImportSummary> {
    const { repository } = this.#deps;
    const parsed = parseHashList(input.list);
    if (parsed.hashes.length === 0) throw new AppError('hash_list_empty');
    const bank = await repository.importBank(input.bank, input.category, actor.id);
    if (!bank) throw new AppError('hash_bank_internal');
    const unique = new Map(parsed.hashes.map((entry) => [entry.hash, entry]));
    const added = await repository.addEntries(
      bank.id,
      [...unique.values()].map((entry) => ({ hash: entry.hash, quality: entry.quality, reason: entry.comment })),
      actor.id,
    );
    const summary: ImportSummary = {
      bank: bank.name,
      added,
      duplicates: parsed.hashes.length - added,
      invalidCount: parsed.invalid.length,
      invalid: parsed.invalid.slice(0, INVALID_LINES_SHOWN),
    };
    await this.#deps.audit.record({
      actor,
      action: 'hashbanks.import',
      subjectType: 'hash_bank',
      subjectId: bank.id,
      details: { bank: bank.name, added, duplicates: summary.duplicates, invalid: summary.invalidCount },
    });
    return summary;
  }

  async overview() {
    const { repository, matchDistance } = this.#deps;
    const [banks, matches] = await Promise.all([repository.banks(), repository.recentMatches(RECENT_MATCHES)]);
    return {
      matchDistance,
      banks: banks.map((bank) => ({ ...bank, createdAt: bank.createdAt.toISOString() })),
      matches: matches.map((match) => ({ ...match, createdAt: match.createdAt.toISOString() })),
    };
  }
}

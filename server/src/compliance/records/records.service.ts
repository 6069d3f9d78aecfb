import { AppError } from '../../http/errors.ts';
import { SUFFIX } from '../../posts/post-card.ts';
import { PostStatus } from '../../posts/post-status.ts';
import { postPath } from '../../posts/slug.ts';
import type { DepictionRow, PerformerRecordRow, RecordsRepository } from './records.repository.ts';
import type { DepictionRecord, PerformerRecord, RecordsSearchQuery } from './records-schema.ts';

const SEARCH_LIMIT = 50;

/** The console's logged route for a sealed ID copy (compliance/verification/README.md). */
export const documentUrl = (submissionId: number, kind: string) => `/api/admin/identity/${submissionId}/document/${kind}`;

/**
 * Every address at which the web app shows a post, from the public origin: its page, its address on the
 * owner's profile, and the embed player when the owner allows embedding.
 */
export function depictionUrls(depiction: DepictionRow, origin: string): string[] {
  const urls = [
    `${origin}${postPath(depiction.postId, depiction.title, SUFFIX[depiction.lgbt] ?? '')}`,
    `${origin}/user/${encodeURIComponent(depiction.ownerUsername)}/${depiction.postId}`,
  ];
  if (depiction.allowEmbedding) urls.push(`${origin}/embed/${depiction.postId}`);
  return urls;
}

/** Every name the person used other than the legal one, each once (compared without case). */
export function otherNames(row: PerformerRecordRow): string[] {
  const seen = new Set([row.legalName?.trim().toLowerCase()]);
  const names: string[] = [];
  for (const name of [...(row.aliases ?? []), row.username, row.displayName, row.guestName]) {
    const trimmed = name?.trim();
    if (!trimmed || seen.has(trimmed.toLowerCase())) continue;
    seen.add(trimmed.toLowerCase());
    names.push(trimmed);
  }
  return names;
}

export function performerRecord(row: PerformerRecordRow): PerformerRecord {
  const { submissionId } = row;
  return {
    performerId: row.performerId,
    kind: row.kind,
    state: row.state,
    scopes: row.scopes,
    cleared: row.state === 'consented' && row.identityId !== null,
    username: row.username,
    identityId: row.identityId,
    legalName: row.legalName,
    dateOfBirth: row.dateOfBirth,
    otherNames: otherNames(row),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    documents: (row.documents ?? []).map((document) => ({
      kind: document.kind,
      url: submissionId === null ? null : documentUrl(submissionId, document.kind),
    })),
  };
}

export function depictionRecord(
  depiction: DepictionRow,
  performers: readonly PerformerRecordRow[],
  origin: string,
): DepictionRecord {
  return {
    postId: depiction.postId,
    title: depiction.title,
    owner: depiction.ownerUsername,
    status: depiction.status,
    removed: depiction.deletedAt !== null || depiction.status === PostStatus.removed,
    producedOn: depiction.producedOn,
    publishedAt: depiction.publishedAt?.toISOString() ?? null,
    urls: depictionUrls(depiction, origin),
    performers: performers.map(performerRecord),
  };
}

/** The 2257 records in the console: one depiction's record, and the cross-index by legal name, alias and post. */
export class RecordsService {
  readonly #repository: RecordsRepository;
  readonly #origin: string;

  constructor(repository: RecordsRepository, origin: string) {
    this.#repository = repository;
    this.#origin = origin.replace(/\/+$/, '');
  }

  async record(postId: number): Promise<DepictionRecord> {
    const [found] = await this.#records([postId]);
    if (!found) throw new AppError('not_found');
    return found;
  }

  async search(query: RecordsSearchQuery): Promise<DepictionRecord[]> {
    return this.#records(await this.#repository.search(query.by, query.q, SEARCH_LIMIT));
  }

  /** Records of many depictions with two queries; the export pages through them the same way. */
  async #records(postIds: readonly number[]): Promise<DepictionRecord[]> {
    const [depictions, performers] = await Promise.all([
      this.#repository.depictions(postIds),
      this.#repository.performersOf(postIds),
    ]);
    return depictions.map((depiction) =>
      depictionRecord(
        depiction,
        performers.filter((row) => row.postId === depiction.postId),
        this.#origin,
      ),
    );
  }
}

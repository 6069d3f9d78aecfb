import type { CaseDetailAnswer } from '../../moderation/moderation-schema.ts';
import { postPath } from '../../posts/slug.ts';
import type { CsamRepository } from './csam.repository.ts';
import type { CyberTiplineReport } from './cybertipline.ts';

type Account = NonNullable<Awaited<ReturnType<CsamRepository['account']>>>;
type Post = NonNullable<Awaited<ReturnType<CsamRepository['post']>>>;
type Media = Awaited<ReturnType<CsamRepository['media']>>[number];
type Hashes = Awaited<ReturnType<CsamRepository['hashes']>>;

/** One preserved file: digests of the plain bytes, and where its sealed copy is. */
export interface PreservedFile {
  readonly position: number;
  readonly mediaId: number;
  readonly mediaName: string;
  readonly sourceKey: string;
  readonly sealedKey: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly bytes: number;
  readonly sha256: string;
  readonly md5: string;
}

/**
 * Everything preserved about a confirmed case besides the files (18 U.S.C. 2258A(h)(1): the report's
 * contents and the material): the account, the post, each media file's upload metadata and hashes, and the
 * case with its reports and history. Sealed as JSON beside the files.
 */
export interface EvidenceManifest {
  readonly version: 1;
  readonly caseId: number;
  readonly evidenceId: number | null;
  readonly confirmedAt: string;
  readonly confirmedBy: { readonly id: number; readonly username: string };
  readonly note: string;
  readonly account:
    | (Record<string, unknown> & {
        readonly id: number;
        readonly username: string;
        readonly displayName: string;
        readonly email: string | null;
        readonly emailVerifiedAt: string | null;
      })
    | null;
  readonly post: (Record<string, unknown> & { readonly id: number; readonly url: string }) | null;
  readonly media: readonly Record<string, unknown>[];
  readonly files: readonly PreservedFile[];
  /** Login, sign-up and upload addresses: Velvet does not record them, so there are none to preserve. */
  readonly ipAddresses: readonly never[];
  readonly case: Omit<CaseDetailAnswer, 'statusCode'>;
}

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

export function buildManifest(input: {
  caseDetail: Omit<CaseDetailAnswer, 'statusCode'>;
  account: Account | undefined;
  post: Post | undefined;
  media: readonly Media[];
  hashes: Hashes;
  files: readonly PreservedFile[];
  confirmedBy: { id: number; username: string };
  note: string;
  now: Date;
  baseUrl: string;
}): EvidenceManifest {
  const { account, post } = input;
  return {
    version: 1,
    caseId: input.caseDetail.case.id,
    evidenceId: null,
    confirmedAt: input.now.toISOString(),
    confirmedBy: input.confirmedBy,
    note: input.note,
    account: account
      ? {
          ...account,
          createdAt: iso(account.createdAt),
          emailVerifiedAt: iso(account.emailVerifiedAt),
          bannedAt: iso(account.bannedAt),
          externalIdentities: account.externalIdentities.map((identity) => ({ ...identity, createdAt: iso(identity.createdAt) })),
        }
      : null,
    post: post
      ? {
          ...post,
          createdAt: iso(post.createdAt),
          publishedAt: iso(post.publishedAt),
          url: `${input.baseUrl}${postPath(post.id, post.title)}`,
        }
      : null,
    media: input.media.map((media) => ({
      ...media,
      createdAt: iso(media.createdAt),
      pdq: input.hashes.pdq.filter((hash) => hash.mediaId === media.id),
      hashMatches: input.hashes.matches
        .filter((match) => match.mediaId === media.id)
        .map((match) => ({ ...match, createdAt: iso(match.createdAt) })),
    })),
    files: input.files,
    ipAddresses: [],
    case: input.caseDetail,
  };
}

/** The CyberTipline report of a manifest, in NCMEC's field names (cybertipline.ts). */
export function buildReport(
  manifest: EvidenceManifest,
  evidenceId: number,
  reporter: { contactName: string; contactEmail: string; baseUrl: string },
): CyberTiplineReport {
  const [firstName = '', ...rest] = reporter.contactName.trim().split(/\s+/);
  const account = manifest.account;
  const uploadedAt = manifest.media.map((media) => media.createdAt).find((value) => typeof value === 'string');
  const wasPublic = manifest.post?.publishedAt !== null && manifest.post?.publishedAt !== undefined;
  return {
    report: {
      incidentSummary: {
        incidentType: 'Child Pornography (possession, manufacture, and distribution)',
        incidentDateTime: (uploadedAt as string | undefined) ?? manifest.confirmedAt,
        incidentDateTimeDescription: uploadedAt ? 'Time of upload' : 'Time of the provider’s confirmation',
      },
      internetDetails: manifest.post ? [{ webPageIncident: { url: [manifest.post.url] } }] : [],
      reporter: {
        reportingPerson: { firstName, lastName: rest.join(' '), email: reporter.contactEmail },
        companyTemplate: reporter.baseUrl,
      },
      personOrUserReported: {
        espIdentifier: account ? String(account.id) : '',
        espService: reporter.baseUrl,
        screenName: account ? String(account.username) : '',
        displayName: account ? String(account.displayName) : '',
        profileUrl: account ? `${reporter.baseUrl}/${account.username}` : '',
        email: account?.email ? [{ value: String(account.email), verified: account.emailVerifiedAt !== null }] : [],
        ipCaptureEvent: [],
      },
      additionalInfo: [
        `Case ${manifest.caseId} (${manifest.case.case.kind}, ${manifest.case.case.category}) confirmed ${manifest.confirmedAt}.`,
        manifest.note,
      ].join('\n'),
    },
    files: manifest.files.map((file) => {
      const pdq = manifest.media
        .filter((media) => media.id === file.mediaId)
        .flatMap((media) => (media.pdq as { hash: string }[] | undefined) ?? [])
        .slice(0, 1);
      return {
        fileDetails: {
          fileId: `${evidenceId}-${file.position}`,
          originalFileName: file.fileName,
          locationOfFile: manifest.post?.url ?? '',
          fileViewedByEsp: true,
          exifViewedByEsp: false,
          publiclyAvailable: wasPublic,
          fileRelevance: 'Reported',
          originalFileHash: [
            { hashType: 'MD5', value: file.md5 },
            { hashType: 'SHA256', value: file.sha256 },
            ...pdq.map((hash) => ({ hashType: 'PDQ' as const, value: hash.hash })),
          ],
          additionalInfo: `Sealed copy: evidence ${evidenceId}, file ${file.position} (${file.bytes} bytes, ${file.contentType}).`,
        },
      };
    }),
    espReference: { caseId: manifest.caseId, evidenceId },
  };
}

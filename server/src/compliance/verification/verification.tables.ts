import type { ColumnType, Generated } from 'kysely';
import type { DefaultedTime, Json, Timestamp } from '../../db/column-types.ts';

/** Kysely's view of migration 0033, merged into db/schema.ts's `Database` by module augmentation. */
/** A date column (`date`): read as the ISO day by the driver setting in db/database.ts, written as one. */
type Day = ColumnType<string, string, string>;
type TextArray = ColumnType<string[], string[] | undefined, string[]>;

export const submissionStates = ['started', 'pending', 'approved', 'rejected', 'refused'] as const;
export type SubmissionState = (typeof submissionStates)[number];

export const documentKinds = ['document-front', 'document-back', 'selfie'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** A sealed image as the rows list it. */
export interface SealedDocument {
  readonly kind: DocumentKind;
  readonly key: string;
  readonly width: number;
  readonly height: number;
  readonly bytes: number;
}

export interface IdentitySubmissionsTable {
  id: Generated<number>;
  /** Null for a guest performer's release (migration 0036, compliance/performers/). */
  user_id: number | null;
  /** Migration 0036: the guest performer whose release link sent this identity. */
  guest_performer_id: ColumnType<number | null, number | null | undefined, number | null>;
  provider: string;
  state: ColumnType<SubmissionState, SubmissionState | undefined, SubmissionState>;
  vendor_reference: string | null;
  legal_name: string | null;
  date_of_birth: Day | null;
  aliases: TextArray;
  fingerprint: Buffer | null;
  documents: Json<SealedDocument[]>;
  flag: string | null;
  reason: string | null;
  decided_by: number | null;
  decided_at: Timestamp | null;
  created_at: DefaultedTime;
}

export interface PerformerIdentitiesTable {
  id: Generated<number>;
  user_id: number | null;
  submission_id: number | null;
  legal_name: string;
  date_of_birth: Day;
  aliases: TextArray;
  documents: Json<SealedDocument[]>;
  fingerprint: Buffer;
  provider: string;
  reviewer_id: number | null;
  verified_at: DefaultedTime;
}

export interface BannedIdentityFingerprintsTable {
  fingerprint: Buffer;
  user_id: number;
  banned_at: DefaultedTime;
}

export interface IdentityDocumentViewsTable {
  id: Generated<number>;
  /** Null for a document of a performer record whose submission is gone, exported by identity (migration 0037). */
  submission_id: number | null;
  identity_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The 2257 records export the document went into (compliance/records/), null for a view in the console. */
  records_export_id: ColumnType<number | null, number | null | undefined, number | null>;
  document: string;
  viewer_id: number | null;
  viewer_username: string;
  ip: ColumnType<string, string | undefined, string>;
  viewed_at: DefaultedTime;
}

declare module '../../db/schema.ts' {
  interface Database {
    identity_submissions: IdentitySubmissionsTable;
    performer_identities: PerformerIdentitiesTable;
    banned_identity_fingerprints: BannedIdentityFingerprintsTable;
    identity_document_views: IdentityDocumentViewsTable;
  }
}

import type { ColumnType, Generated } from 'kysely';
import type { Defaulted, Json, Timestamp } from '../db/column-types.ts';

/**
 * Kysely's view of the media tables: files and their variants, signatures for duplicate checks, upload
 * tokens, originals waiting for a post, uploads streaming now. Joined to db/schema.ts's `Database` by
 * augmentation.
 */
export interface MediaVariant {
  key: string;
  mime: string;
  width?: number;
  height?: number;
  bytes?: number;
}

export interface MediaFilesTable {
  id: Generated<number>;
  name: string;
  owner_id: number | null;
  kind: 'video' | 'image' | 'audio';
  mime_type: string;
  status: Defaulted<number>;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  size_bytes: number | null;
  original_key: string | null;
  variants: Json<Record<string, MediaVariant>>;
  listing_suffix: Defaulted<string>;
  placeholder: string | null;
  signature: Buffer | null;
  /** Migration 0036: SHA-256 of the original in hex, for consent records (compliance/performers/). */
  sha256: ColumnType<string | null, string | null | undefined, string | null>;
  post_id: number | null;
  position: Defaulted<number>;
  error: string | null;
  created_at: Defaulted<Timestamp>;
  updated_at: Defaulted<Timestamp>;
}

export interface MediaSignaturesTable {
  media_id: number;
  owner_id: number | null;
  sixpack: Buffer;
  /** A PostgreSQL cube; written and compared through SQL only. */
  coarse: string;
  duplicate_of_media_id: number | null;
  similarity: number | null;
  checked_at: Defaulted<Timestamp>;
}

export interface UploadTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: Buffer;
  created_at: Defaulted<Timestamp>;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface PendingOriginalsTable {
  storage_key: string;
  created_at: Defaulted<Timestamp>;
}

/** Uploads streaming now, each with the bytes it may still receive (media/upload/upload-quota.ts). */
export interface UploadsInProgressTable {
  id: Generated<number>;
  user_id: number;
  allowance_bytes: number;
  started_at: Defaulted<Timestamp>;
}

declare module '../db/schema.ts' {
  interface Database {
    media_files: MediaFilesTable;
    media_signatures: MediaSignaturesTable;
    upload_tokens: UploadTokensTable;
    pending_originals: PendingOriginalsTable;
    uploads_in_progress: UploadsInProgressTable;
  }
}

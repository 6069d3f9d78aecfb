import type { Generated } from 'kysely';
import type { DefaultedTime } from '../db/column-types.ts';

/** Kysely's view of migration 0027, merged into db/schema.ts's `Database` by module augmentation. */
export interface PostCaptionsTable {
  id: Generated<number>;
  post_id: number;
  media_id: number;
  /** A two-letter code of one of the 22 interface languages. */
  language: string;
  label: string;
  /** `{language}.{version}.vtt`, stored at `media/{media name}/captions/{file_name}`. */
  file_name: string;
  cue_text: string;
  cue_count: number;
  size_bytes: number;
  created_at: DefaultedTime;
  updated_at: DefaultedTime;
}

declare module '../db/schema.ts' {
  interface Database {
    post_captions: PostCaptionsTable;
  }
}

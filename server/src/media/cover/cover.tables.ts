import type { Generated } from 'kysely';
import type { Defaulted, DefaultedTime, Json } from '../../db/column-types.ts';

/** Kysely's view of migration 0028, merged into db/schema.ts's `Database` by module augmentation. */
/** queued → applied → done; queued → failed; queued or applied → superseded by a newer request. */
export type CoverState = 'queued' | 'applied' | 'done' | 'failed' | 'superseded';
export type CoverSource = 'frame' | 'image';

export interface MediaCoversTable {
  id: Generated<number>;
  media_id: number;
  source: CoverSource;
  time_ms: number | null;
  image_key: string | null;
  folder: string;
  state: Defaulted<CoverState>;
  error: string | null;
  replaced_keys: Json<string[]>;
  created_at: DefaultedTime;
  updated_at: DefaultedTime;
}

declare module '../../db/schema.ts' {
  interface Database {
    media_covers: MediaCoversTable;
  }
}

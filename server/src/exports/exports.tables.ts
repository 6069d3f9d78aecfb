import type { ColumnType, Generated } from 'kysely';
import type { DefaultedTime, Timestamp } from '../db/column-types.ts';

/**
 * Kysely's view of migration 0030, merged into db/schema.ts's `Database` by module augmentation so the
 * table sits beside the code that owns it.
 */

export const exportStates = ['requested', 'building', 'ready', 'expired', 'failed'] as const;
export type ExportState = (typeof exportStates)[number];

export interface DataExportsTable {
  id: Generated<number>;
  user_id: number;
  state: ColumnType<ExportState, ExportState | undefined, ExportState>;
  locale: string;
  storage_key: string | null;
  size_bytes: number | null;
  error: string | null;
  created_at: DefaultedTime;
  started_at: Timestamp | null;
  ready_at: Timestamp | null;
  expires_at: Timestamp | null;
  finished_at: Timestamp | null;
}

declare module '../db/schema.ts' {
  interface Database {
    data_exports: DataExportsTable;
  }
}

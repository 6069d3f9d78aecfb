import type { ColumnType, Generated } from 'kysely';
import type { DefaultedTime, Timestamp } from '../../db/column-types.ts';

/** Kysely's view of migration 0037, merged into db/schema.ts's `Database` by module augmentation. */

export const recordsExportStates = ['requested', 'building', 'ready', 'expired', 'failed'] as const;
export type RecordsExportState = (typeof recordsExportStates)[number];

export interface RecordsExportsTable {
  id: Generated<number>;
  requested_by: number | null;
  requested_by_username: string;
  state: ColumnType<RecordsExportState, RecordsExportState | undefined, RecordsExportState>;
  storage_key: string | null;
  size_bytes: number | null;
  rows_count: number | null;
  documents_count: number | null;
  error: string | null;
  created_at: DefaultedTime;
  started_at: Timestamp | null;
  ready_at: Timestamp | null;
  expires_at: Timestamp | null;
}

declare module '../../db/schema.ts' {
  interface Database {
    records_exports: RecordsExportsTable;
  }
}

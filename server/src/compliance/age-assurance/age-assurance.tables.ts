import type { ColumnType } from 'kysely';
import type { DefaultedTime } from '../../db/column-types.ts';
import type { Requirement } from './jurisdiction-rules.ts';

/** Kysely's view of migration 0034, merged into db/schema.ts's `Database` by module augmentation. */

export interface AgeAssuranceRulesTable {
  jurisdiction: string;
  requirement: Requirement;
  note: ColumnType<string, string | undefined, string>;
  updated_by: number | null;
  updated_at: DefaultedTime;
}

export interface AgeChecksTable {
  user_id: number;
  method: string;
  passed_at: DefaultedTime;
}

declare module '../../db/schema.ts' {
  interface Database {
    age_assurance_rules: AgeAssuranceRulesTable;
    age_checks: AgeChecksTable;
  }
}

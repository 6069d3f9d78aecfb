import type { ColumnType, Generated } from 'kysely';
import type { DefaultedTime, Timestamp } from '../../db/column-types.ts';

/** Kysely's view of migration 0036, merged into db/schema.ts's `Database` by module augmentation. */
type TextArray<T extends string = string> = ColumnType<T[], T[] | undefined, T[]>;

export const performerKinds = ['self', 'account', 'guest'] as const;
export type PerformerKind = (typeof performerKinds)[number];

export const performerStates = ['pending', 'consented', 'declined', 'withdrawn'] as const;
export type PerformerState = (typeof performerStates)[number];

export const consentScopes = ['depicted', 'distribution', 'downloads'] as const;
export type ConsentScope = (typeof consentScopes)[number];

export const consentEventKinds = ['consent', 'decline', 'withdrawal'] as const;
export type ConsentEventKind = (typeof consentEventKinds)[number];

export interface PostPerformersTable {
  id: Generated<number>;
  post_id: number;
  kind: PerformerKind;
  user_id: number | null;
  identity_id: number | null;
  guest_name: string | null;
  guest_email: string | null;
  release_token_hash: Buffer | null;
  release_expires_at: Timestamp | null;
  state: ColumnType<PerformerState, PerformerState | undefined, PerformerState>;
  scopes: TextArray<ConsentScope>;
  created_at: DefaultedTime;
  updated_at: DefaultedTime;
}

export interface PerformerConsentEventsTable {
  id: Generated<number>;
  performer_id: number;
  kind: ConsentEventKind;
  scopes: TextArray<ConsentScope>;
  signature: string;
  media_sha256: TextArray;
  ip: ColumnType<string, string | undefined, string>;
  user_agent: ColumnType<string, string | undefined, string>;
  created_at: DefaultedTime;
}

declare module '../../db/schema.ts' {
  interface Database {
    post_performers: PostPerformersTable;
    performer_consent_events: PerformerConsentEventsTable;
  }
  interface NotificationsTable {
    /** Set on `performer` notices: the performer row they are about. */
    performer_id: ColumnType<number | null, number | null | undefined, number | null>;
  }
}

import type { Db } from '../db/database.ts';
import type { Category } from './vocabulary.ts';

/** Who did it: a staff member (moderation/README.md `Actor`), or null for the system. */
export interface Actor {
  readonly id: number;
  readonly username: string;
  readonly ip?: string;
}

/** What enforcement asks of the case model and audit log (moderation/): only these calls. */
export interface AuditWriter {
  record(
    entry: {
      actor: Actor | null;
      action: string;
      subjectType?: string;
      subjectId?: string | number;
      caseId?: number | null;
      details?: Record<string, unknown>;
      ip?: string;
    },
    trx?: Db,
  ): Promise<void>;
}

export interface CaseDesk {
  open(intake: {
    kind: 'appeal' | 'counter_notice' | 'automated';
    category: Category;
    subject: { postId?: number; userId?: number };
    reporter: { userId?: number; email?: string; locale: string };
    text: string;
    details?: Record<string, unknown>;
    ip: string;
    relatedCaseId?: number;
    excludedAssigneeId?: number;
  }): Promise<{ caseId: number }>;
  close(
    caseId: number,
    actor: Actor,
    outcome: {
      status: 'actioned' | 'dismissed';
      action: string;
      publicReason?: string;
      note?: string;
      data?: Record<string, unknown>;
    },
    trx?: Db,
  ): Promise<unknown>;
  record(
    caseId: number,
    actor: Actor | null,
    event: { action: string; publicReason?: string; note?: string; data?: Record<string, unknown> },
    trx?: Db,
  ): Promise<void>;
}

/** Ends every session of a user (accounts/session.service.ts `endAll`): tokens refused, sockets closed. */
export interface SessionEnder {
  endAll(userId: number): Promise<Date>;
}

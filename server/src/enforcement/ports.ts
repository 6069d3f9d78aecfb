import type { AuditLog } from '../moderation/audit-log.ts';
import type { CaseService } from '../moderation/cases.service.ts';

export type { Actor } from '../moderation/audit-log.ts';

/** What enforcement asks of the audit log and the case model (moderation/): only these calls. */
export type AuditWriter = Pick<AuditLog, 'record'>;
export type CaseDesk = Pick<CaseService, 'open' | 'close' | 'record' | 'requireClearance'>;

/** Ends every session of a user (accounts/session.service.ts `endAll`): tokens refused, sockets closed. */
export interface SessionEnder {
  endAll(userId: number): Promise<Date>;
}

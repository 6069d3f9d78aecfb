import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { type VerificationRequestRow, VerificationRequestsRepository } from './verification-requests.repository.ts';

/** Spec §1 account types that are verified already: verified (3), partner (5), channel (6). */
export const VERIFIED_TYPES: readonly number[] = [3, 5, 6];

export interface VerificationRequestView {
  readonly state: 'open' | 'closed';
  readonly createdDate: string;
}

export interface VerificationStanding {
  readonly verified: boolean;
  /** The newest request, open or closed; null when the account never asked. */
  readonly request: VerificationRequestView | null;
}

const view = (row: VerificationRequestRow): VerificationRequestView => ({
  state: row.state,
  createdDate: row.createdAt.toISOString(),
});

export interface VerificationRequestDeps {
  readonly repository: VerificationRequestsRepository;
  readonly mailer: Mailer;
  /** CONTACT_EMAIL: the operators, who answer requests by hand until the identity flow exists. */
  readonly operators: string;
  readonly baseUrl: string;
  readonly log: Logger;
}

/**
 * A creator's request to be verified (compliance/README.md). For now a request is stored (one open per
 * account) and e-mailed to the operators, who contact the creator; the identity flow of a later issue
 * takes requests over from here, closing them as it decides.
 */
export class VerificationRequestService {
  readonly #deps: VerificationRequestDeps;

  constructor(deps: VerificationRequestDeps) {
    this.#deps = deps;
  }

  async standing(userId: number): Promise<VerificationStanding> {
    const { repository } = this.#deps;
    const [account, latest] = await Promise.all([repository.account(userId), repository.latest(userId)]);
    return { verified: VERIFIED_TYPES.includes(account?.type ?? 0), request: latest ? view(latest) : null };
  }

  /**
   * Opens a request and tells the operators; asking again while one is open answers that one and sends
   * nothing. A mail failure is logged and the request stays stored (mailed_at empty) for the operators.
   */
  async request(userId: number): Promise<{ request: VerificationRequestView; alreadyOpen: boolean }> {
    const { repository, mailer, operators, baseUrl, log } = this.#deps;
    const account = await repository.account(userId);
    if (!account) throw new AppError('login_required');
    if (VERIFIED_TYPES.includes(account.type)) throw new AppError('already_verified');
    const opened = await repository.open(userId);
    if (!opened) {
      const open = await repository.latest(userId);
      if (!open) throw new AppError('conflict');
      return { request: view(open), alreadyOpen: true };
    }
    try {
      await mailer.send({
        to: operators,
        subject: `[Velvet verification #${opened.id}] @${account.username}`,
        text: [
          `Verification request #${opened.id}`,
          '',
          `Account: ${account.displayName || account.username} (@${account.username}, user id ${userId})`,
          `Profile: ${baseUrl}/${account.username}`,
          `E-mail: ${account.email ?? '(none on the account)'}`,
          `Asked: ${opened.createdAt.toISOString()}`,
          '',
          'Contact the creator to check their identity and age, then change the account type.',
        ].join('\n'),
      });
      await repository.markMailed(opened.id);
    } catch (error) {
      log.warn({ err: error, verificationRequestId: opened.id }, 'e-mail to operators failed; the request is stored');
    }
    return { request: view(opened), alreadyOpen: false };
  }
}

export function createVerificationRequestService(db: Db, config: Config, log: Logger): VerificationRequestService {
  return new VerificationRequestService({
    repository: new VerificationRequestsRepository(db),
    mailer: createMailer(config.mail),
    operators: config.contact.operatorsEmail,
    baseUrl: config.http.baseUrl,
    log,
  });
}

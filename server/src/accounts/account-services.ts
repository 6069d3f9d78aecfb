import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { createMailer } from '../mail/mailer.ts';
import { AccountService } from './accounts.service.ts';
import { EmailActionService } from './email-actions.service.ts';
import { LoginThrottle } from './login-throttle.ts';
import { ProfileService } from './profile.service.ts';
import { SessionService } from './session.service.ts';
import { TokensRepository } from './tokens.repository.ts';
import { TokenSigner } from './tokens.ts';
import { UsersRepository } from './users.repository.ts';

/** The accounts domain, wired once for the container. */
export interface AccountServices {
  readonly accounts: AccountService;
  readonly sessions: SessionService;
  readonly emailActions: EmailActionService;
  readonly profiles: ProfileService;
}

export function createAccountServices(db: Db, config: Config, log: Logger): AccountServices {
  const users = new UsersRepository(db);
  const tokens = new TokensRepository(db);
  const sessions = new SessionService(new TokenSigner(config.auth.jwtSecret), users, tokens);
  const mailer = createMailer(config.mail);
  const emailActions = new EmailActionService({ users, tokens, mailer, baseUrl: config.http.baseUrl, log });
  const accounts = new AccountService({ users, sessions, emailActions, throttle: new LoginThrottle(), log });
  return { accounts, sessions, emailActions, profiles: new ProfileService(users) };
}

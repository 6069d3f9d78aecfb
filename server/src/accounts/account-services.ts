import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { ContentScreen } from '../enforcement/watched-words.ts';
import { createMailer } from '../mail/mailer.ts';
import type { Storage } from '../media/storage.ts';
import type { EventPublisher } from '../realtime/events.ts';
import { AccountService } from './accounts.service.ts';
import { AppleCodeExchange } from './apple-code.ts';
import { AvatarService } from './avatar.service.ts';
import { AvatarsRepository } from './avatars.repository.ts';
import { BotCheck } from './bot-check.ts';
import { EmailActionService } from './email-actions.service.ts';
import { IdTokenVerifier } from './id-tokens.ts';
import { LoginNonces } from './login-nonces.ts';
import { LoginThrottle } from './login-throttle.ts';
import { ProfileService } from './profile.service.ts';
import { SessionService } from './session.service.ts';
import { SocialLoginService } from './social-login.service.ts';
import { TokensRepository } from './tokens.repository.ts';
import { TokenSigner } from './tokens.ts';
import { UsersRepository } from './users.repository.ts';

/** The accounts domain, wired once for the container. */
export interface AccountServices {
  readonly accounts: AccountService;
  readonly sessions: SessionService;
  readonly emailActions: EmailActionService;
  readonly profiles: ProfileService;
  readonly social: SocialLoginService;
  readonly botCheck: BotCheck;
  readonly avatars: AvatarService;
}

export function createAccountServices(
  db: Db,
  config: Config,
  log: Logger,
  storage: Storage,
  events: EventPublisher,
  screen?: Pick<ContentScreen, 'screenBio'>,
): AccountServices {
  const users = new UsersRepository(db);
  const tokens = new TokensRepository(db);
  const sessions = new SessionService(new TokenSigner(config.auth.jwtSecret), users, tokens, events);
  const mailer = createMailer(config.mail);
  const emailActions = new EmailActionService({ users, tokens, sessions, mailer, baseUrl: config.http.baseUrl, log });
  const accounts = new AccountService({ users, sessions, emailActions, throttle: new LoginThrottle(), log });
  const { google, apple } = config.auth;
  const social = new SocialLoginService({
    users,
    sessions,
    verifiers: {
      ...(google && { google: new IdTokenVerifier('google', google) }),
      ...(apple && { apple: new IdTokenVerifier('apple', apple) }),
    },
    apple: apple && new AppleCodeExchange(apple),
    nonces: new LoginNonces(db, config.auth.jwtSecret),
  });
  const botCheck = new BotCheck(db, config.auth.jwtSecret, config.auth.altchaMaxNumber);
  const avatars = new AvatarService(new AvatarsRepository(db, storage), users);
  return { accounts, sessions, emailActions, profiles: new ProfileService(users, screen), social, botCheck, avatars };
}

import { importPKCS8, SignJWT } from 'jose';
import { AppError } from '../http/errors.ts';

export interface AppleSettings {
  readonly clientId: string;
  readonly issuer: string;
  readonly tokenUrl: string;
  readonly teamId: string;
  readonly keyId: string;
  readonly privateKey: string;
  readonly redirectUri: string;
  /** The whole exchange, answer body included, gives up after this long (social_login_failed). */
  readonly timeoutMs: number;
}

/**
 * Exchanges a Sign in with Apple authorisation code for its id token. Apple authenticates the client with
 * a short-lived ES256 JWT signed by the team's private key (the "client secret").
 */
export class AppleCodeExchange {
  private readonly settings: AppleSettings;
  private key: Promise<CryptoKey> | undefined;

  constructor(settings: AppleSettings) {
    this.settings = settings;
  }

  async clientSecret(): Promise<string> {
    this.key ??= importPKCS8(this.settings.privateKey, 'ES256');
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: this.settings.keyId })
      .setIssuer(this.settings.teamId)
      .setSubject(this.settings.clientId)
      .setAudience(this.settings.issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(await this.key);
  }

  async exchange(code: string): Promise<string> {
    const body = new URLSearchParams({
      client_id: this.settings.clientId,
      client_secret: await this.clientSecret(),
      code,
      grant_type: 'authorization_code',
      redirect_uri: this.settings.redirectUri,
    });
    const response = await fetch(this.settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(this.settings.timeoutMs),
    }).catch(() => undefined);
    const answer = (await response?.json().catch(() => undefined)) as { id_token?: unknown } | undefined;
    if (!response?.ok || typeof answer?.id_token !== 'string') throw new AppError('social_login_failed');
    return answer.id_token;
  }
}

import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { AppError } from '../http/errors.ts';

export type Provider = 'google' | 'apple';

/** What a verified id token says about the person. */
export interface VerifiedIdentity {
  readonly provider: Provider;
  readonly subject: string;
  readonly email: string | undefined;
  readonly emailVerified: boolean;
  readonly name: string | undefined;
}

export interface IssuerSettings {
  readonly clientId: string;
  readonly issuer: string;
  readonly jwksUrl: string;
  /** The key set fetch gives up after this long; the sign-in then fails as social_login_failed. */
  readonly timeoutMs: number;
}

/** Google signs some tokens with the bare host as issuer; both forms are Google's own. */
function acceptedIssuers(issuer: string): string[] {
  return issuer === 'https://accounts.google.com' ? [issuer, 'accounts.google.com'] : [issuer];
}

/**
 * Verifies OpenID Connect id tokens of one provider against its published keys (JWKS, fetched and cached
 * by jose, refreshed when an unknown key id shows up): signature, issuer, audience (our client id), expiry
 * and the nonce this browser was given, so a token captured elsewhere cannot be replayed here.
 */
export class IdTokenVerifier {
  private readonly provider: Provider;
  private readonly settings: IssuerSettings;
  private readonly keys: JWTVerifyGetKey;

  constructor(provider: Provider, settings: IssuerSettings) {
    this.provider = provider;
    this.settings = settings;
    this.keys = createRemoteJWKSet(new URL(settings.jwksUrl), {
      timeoutDuration: settings.timeoutMs,
      cooldownDuration: 30_000,
    });
  }

  async verify(token: string, expectedNonce: string | undefined): Promise<VerifiedIdentity> {
    let claims: Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(token, this.keys, {
        issuer: acceptedIssuers(this.settings.issuer),
        audience: this.settings.clientId,
        algorithms: ['RS256', 'ES256'],
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 30,
      }));
    } catch {
      throw new AppError('social_login_failed');
    }
    if (!expectedNonce || claims.nonce !== expectedNonce) throw new AppError('social_login_failed');
    const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined;
    // Apple sends email_verified as the string "true".
    const emailVerified = claims.email_verified === true || claims.email_verified === 'true';
    return {
      provider: this.provider,
      subject: String(claims.sub),
      email,
      emailVerified,
      name: typeof claims.name === 'string' ? claims.name : undefined,
    };
  }
}

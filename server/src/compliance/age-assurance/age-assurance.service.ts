import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor, AuditEntryInput } from '../../moderation/audit-log.ts';
import type { EventPublisher } from '../../realtime/events.ts';
import type { AgeAssuranceStatus } from './age-assurance-schema.ts';
import type { AgeCheckPass, AgeCheckTokens } from './age-check-passes.ts';
import type { AgeCheckProvider } from './age-check-provider.ts';
import type { Geolocator, LocatedRequest, Location } from './geolocation.ts';
import { type JurisdictionRules, type Requirement, stricter, UNKNOWN_LOCATION } from './jurisdiction-rules.ts';

/** What the age-assurance rules mean for one request. */
export interface AgeAssurance {
  readonly location: Location | undefined;
  readonly requirement: Requirement;
  /** Whether a current provider check has passed (for the account, or in the visitor's pass cookie). */
  readonly passed: boolean;
  /** Whether explicit media may be served to this request. */
  readonly mediaAllowed: boolean;
}

export interface AssessedRequest extends LocatedRequest {
  /** A location already decided for this request (an in-process call carries its page's). */
  readonly knownLocation?: Location | null;
  /** The site country the client chose (spec §7 `country`): it may add a check, never lift one. */
  readonly forcedCountry: string | undefined;
  readonly userId: number | undefined;
  readonly passCookie: string | undefined;
}

interface Dependencies {
  readonly db: Db;
  readonly rules: JurisdictionRules;
  readonly geolocator: Geolocator;
  /** Whether a geolocation source is configured (GEOLOCATION_SOURCE is not `none`). */
  readonly locating: boolean;
  readonly provider: AgeCheckProvider;
  readonly tokens: AgeCheckTokens;
  readonly audit: { record(entry: AuditEntryInput, trx?: Db): Promise<unknown> };
  readonly events: EventPublisher;
}

/** A same-site path to come back to after the check; anything else goes home. */
function safeReturnPath(path: string): string {
  return /^\/(?![/\\])[^\s]*$/.test(path) ? path : '/';
}

export class AgeAssuranceService {
  readonly #deps: Dependencies;

  constructor(deps: Dependencies) {
    this.#deps = deps;
  }

  get providerName(): string {
    return this.#deps.provider.name;
  }

  get passLifetimeSeconds(): number {
    return this.#deps.tokens.validSeconds;
  }

  async assess(request: AssessedRequest): Promise<AgeAssurance> {
    const { geolocator, locating, rules } = this.#deps;
    const table = await rules.table();
    const location =
      request.knownLocation !== undefined
        ? (request.knownLocation ?? undefined)
        : locating
          ? geolocator.locate(request)
          : undefined;
    let requirement = table.forLocation(location);
    // Without a source of location nobody is placed anywhere, the forced country included.
    if (locating && request.forcedCountry)
      requirement = stricter(requirement, table.forLocation({ country: request.forcedCountry }));
    const passed = requirement === 'provider' && (await this.#hasPassed(request));
    return { location, requirement, passed, mediaAllowed: requirement === 'click' || passed };
  }

  /** What GET /api/age-assurance answers for an assessment. */
  statusOf({ requirement, passed, location }: AgeAssurance): AgeAssuranceStatus {
    return {
      statusCode: 2,
      requirement,
      passed,
      jurisdiction: location ? (location.region ?? location.country) : null,
      provider: this.providerName,
    };
  }

  /**
   * Whether media answers may differ between visitors, so no shared cache may keep them: some place needs
   * more than the click (when visitors are located), or unknown locations do (then everyone does).
   */
  async mediaDependsOnVisitor(): Promise<boolean> {
    const table = await this.#deps.rules.table();
    return table.forLocation(undefined) !== 'click' || (this.#deps.locating && table.anyCheck);
  }

  async #hasPassed({ userId, passCookie }: AssessedRequest): Promise<boolean> {
    const { tokens, db } = this.#deps;
    if (tokens.readPass(passCookie)) return true;
    if (userId === undefined) return false;
    const row = await db.selectFrom('age_checks').select('passed_at').where('user_id', '=', userId).executeTakeFirst();
    return row !== undefined && tokens.isCurrent(row.passed_at);
  }

  /** Starts an attempt with the provider; only where a check is required and not yet passed. */
  async start(assurance: AgeAssurance, returnTo: string): Promise<{ url: string }> {
    if (assurance.requirement === 'blocked') throw new AppError('jurisdiction_blocked');
    if (assurance.requirement !== 'provider' || assurance.passed) throw new AppError('age_check_not_required');
    return this.#deps.provider.start({ reference: this.#deps.tokens.newAttempt(), returnTo: safeReturnPath(returnTo) });
  }

  /**
   * Completes an attempt: a pass is recorded on the account of a logged-in caller, and answered as a pass
   * cookie value for everyone (a visitor keeps only that). A failure records nothing.
   */
  async complete(userId: number | undefined, reference: string, evidence: Record<string, string>) {
    const { tokens, provider, db } = this.#deps;
    if (!tokens.isLiveAttempt(reference)) throw new AppError('age_check_attempt_invalid');
    const outcome = await provider.complete({ reference, evidence });
    if (!outcome.passed) throw new AppError('age_check_failed');
    const pass: AgeCheckPass = {
      method: outcome.method.replace(/[^\w-]/g, '').slice(0, 40) || provider.name,
      passedAt: new Date(),
    };
    if (userId !== undefined) {
      await db
        .insertInto('age_checks')
        .values({ user_id: userId, method: pass.method, passed_at: pass.passedAt })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ method: pass.method, passed_at: pass.passedAt }))
        .execute();
    }
    return { method: pass.method, cookie: tokens.passCookie(pass) };
  }

  rules() {
    return this.#deps.rules.list();
  }

  /** An admin sets one jurisdiction's rule; audited with the rule it replaced. */
  async setRule(actor: Actor, rule: { jurisdiction: string; requirement: Requirement; note: string }) {
    await this.#deps.db.transaction().execute(async (trx) => {
      const before = await this.#deps.rules.set(rule, actor.id, trx);
      await this.#deps.audit.record(
        {
          actor,
          action: 'ageassurance.rule.set',
          subjectType: 'jurisdiction',
          subjectId: rule.jurisdiction,
          details: { before: before ?? null, after: { requirement: rule.requirement, note: rule.note } },
        },
        trx,
      );
    });
    await this.#changed();
    return this.rules();
  }

  async removeRule(actor: Actor, jurisdiction: string) {
    if (jurisdiction === UNKNOWN_LOCATION) throw new AppError('age_rule_unknown_location');
    await this.#deps.db.transaction().execute(async (trx) => {
      const before = await this.#deps.rules.remove(jurisdiction, trx);
      if (!before) throw new AppError('not_found');
      await this.#deps.audit.record(
        { actor, action: 'ageassurance.rule.remove', subjectType: 'jurisdiction', subjectId: jurisdiction, details: { before } },
        trx,
      );
    });
    await this.#changed();
    return this.rules();
  }

  async #changed() {
    this.#deps.rules.invalidate();
    await this.#deps.events.publish({ type: 'age-assurance-rules-changed' });
  }
}

import type { Db } from '../../db/database.ts';
import type { Location } from './geolocation.ts';

/**
 * What a jurisdiction requires before explicit media is served: `click` the click-through age gate,
 * `provider` an age check through a provider, `blocked` nothing at all (a notice).
 */
export type Requirement = 'click' | 'provider' | 'blocked';

export const REQUIREMENTS: readonly Requirement[] = ['click', 'provider', 'blocked'];
/** The key of the rule for visitors whose location is unknown. */
export const UNKNOWN_LOCATION = '*';
export const JURISDICTION_PATTERN = '^(\\*|[A-Z]{2}(-[A-Z0-9]{1,3})?)$';

export interface JurisdictionRule {
  readonly jurisdiction: string;
  readonly requirement: Requirement;
  readonly note: string;
  readonly updatedAt: string;
}

/** The stricter of two requirements: a second source of location can only add a check, never lift one. */
export function stricter(a: Requirement, b: Requirement): Requirement {
  return REQUIREMENTS.indexOf(a) >= REQUIREMENTS.indexOf(b) ? a : b;
}

/** The rules as one lookup: a state's rule before its country's; a place without either needs the click. */
export class RuleTable {
  readonly #rules: ReadonlyMap<string, Requirement>;

  constructor(rules: ReadonlyMap<string, Requirement>) {
    this.#rules = rules;
  }

  forLocation(location: Location | undefined): Requirement {
    if (!location) return this.#rules.get(UNKNOWN_LOCATION) ?? 'click';
    return (location.region && this.#rules.get(location.region)) || this.#rules.get(location.country) || 'click';
  }

  get anyCheck(): boolean {
    return [...this.#rules.values()].some((requirement) => requirement !== 'click');
  }
}

/**
 * The rules of `age_assurance_rules`, kept in memory: every media request and API call consults them.
 * A change made here drops the copy at once; other app nodes drop theirs on the bus event
 * `age-assurance-rules-changed` (age-assurance.plugin.ts).
 */
export class JurisdictionRules {
  readonly #db: Db;
  #table: Promise<RuleTable> | undefined;

  constructor(db: Db) {
    this.#db = db;
  }

  table(): Promise<RuleTable> {
    this.#table ??= this.#load().catch((error: unknown) => {
      this.#table = undefined;
      throw error;
    });
    return this.#table;
  }

  invalidate(): void {
    this.#table = undefined;
  }

  async #load(): Promise<RuleTable> {
    const rows = await this.#db.selectFrom('age_assurance_rules').select(['jurisdiction', 'requirement']).execute();
    return new RuleTable(new Map(rows.map((row) => [row.jurisdiction, row.requirement])));
  }

  async list(): Promise<JurisdictionRule[]> {
    const rows = await this.#db
      .selectFrom('age_assurance_rules')
      .select(['jurisdiction', 'requirement', 'note', 'updated_at'])
      .orderBy('jurisdiction')
      .execute();
    return rows.map((row) => ({
      jurisdiction: row.jurisdiction,
      requirement: row.requirement,
      note: row.note,
      updatedAt: row.updated_at.toISOString(),
    }));
  }

  /** Sets one rule; answers the rule it replaced (undefined when new). */
  async set(rule: { jurisdiction: string; requirement: Requirement; note: string }, actorId: number, trx: Db) {
    const before = await trx
      .selectFrom('age_assurance_rules')
      .select(['requirement', 'note'])
      .where('jurisdiction', '=', rule.jurisdiction)
      .forUpdate()
      .executeTakeFirst();
    await trx
      .insertInto('age_assurance_rules')
      .values({ ...rule, updated_by: actorId })
      .onConflict((conflict) =>
        conflict
          .column('jurisdiction')
          .doUpdateSet({ requirement: rule.requirement, note: rule.note, updated_by: actorId, updated_at: new Date() }),
      )
      .execute();
    return before;
  }

  async remove(jurisdiction: string, trx: Db) {
    return trx
      .deleteFrom('age_assurance_rules')
      .where('jurisdiction', '=', jurisdiction)
      .returning(['requirement', 'note'])
      .executeTakeFirst();
  }
}

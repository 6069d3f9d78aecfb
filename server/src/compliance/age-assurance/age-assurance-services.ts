import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { AuditLog } from '../../moderation/audit-log.ts';
import type { EventPublisher } from '../../realtime/events.ts';
import { AgeAssuranceService } from './age-assurance.service.ts';
import { AgeCheckTokens } from './age-check-passes.ts';
import { testAgeCheckProvider } from './age-check-provider.ts';
import { createGeolocator } from './geolocation.ts';
import { JurisdictionRules } from './jurisdiction-rules.ts';

export interface AgeAssuranceServices {
  readonly service: AgeAssuranceService;
  readonly rules: JurisdictionRules;
}

export function createAgeAssuranceServices(deps: {
  config: Config;
  db: Db;
  audit: AuditLog;
  events: EventPublisher;
  log: Logger;
}): AgeAssuranceServices {
  const { config, db } = deps;
  const { geolocation, validDays } = config.ageAssurance;
  const behindTrustedProxy = config.http.trustProxy !== false;
  if (geolocation.source === 'header' && !behindTrustedProxy) {
    deps.log.warn('GEOLOCATION_SOURCE=header without TRUST_PROXY: clients could write the header, so nobody is located');
  }
  const rules = new JurisdictionRules(db);
  const service = new AgeAssuranceService({
    db,
    rules,
    geolocator: createGeolocator(geolocation, behindTrustedProxy),
    locating: geolocation.source !== 'none',
    provider: testAgeCheckProvider,
    tokens: new AgeCheckTokens(config.auth.jwtSecret, validDays),
    audit: deps.audit,
    events: deps.events,
  });
  return { service, rules };
}

import Type, { type Static } from 'typebox';
import { JURISDICTION_PATTERN } from './jurisdiction-rules.ts';

const Requirement = Type.Union([Type.Literal('click'), Type.Literal('provider'), Type.Literal('blocked')]);

/** `GET /api/age-assurance`: what this visitor must do before explicit media is served. */
export const AgeAssuranceStatus = Type.Object({
  statusCode: Type.Literal(2),
  requirement: Requirement,
  passed: Type.Boolean(),
  /** `GB`, `US-TX`, or null when the location is unknown. */
  jurisdiction: Type.Union([Type.String(), Type.Null()]),
  provider: Type.String(),
});
export type AgeAssuranceStatus = Static<typeof AgeAssuranceStatus>;

/** The spec's forced `country` (http/client-context.ts reads it), which may add a check. */
export const StatusQuery = Type.Object({ country: Type.Optional(Type.String({ maxLength: 8 })) });

export const StartBody = Type.Object({ returnTo: Type.String({ maxLength: 2000 }) }, { additionalProperties: false });
export const CompleteBody = Type.Object(
  {
    reference: Type.String({ minLength: 1, maxLength: 200 }),
    evidence: Type.Record(Type.String({ maxLength: 40 }), Type.String({ maxLength: 2000 }), { maxProperties: 20 }),
  },
  { additionalProperties: false },
);

export const RuleBody = Type.Object(
  {
    jurisdiction: Type.String({ pattern: JURISDICTION_PATTERN }),
    requirement: Requirement,
    note: Type.String({ maxLength: 200, default: '' }),
  },
  { additionalProperties: false },
);
export const RuleParams = Type.Object({ jurisdiction: Type.String({ pattern: JURISDICTION_PATTERN }) });

export const RuleRow = Type.Object({
  jurisdiction: Type.String(),
  requirement: Requirement,
  note: Type.String(),
  updatedAt: Type.String(),
});
/** `GET /api/admin/age-assurance`: the table, and where locations come from. */
export const AgeAssuranceRules = Type.Object({
  statusCode: Type.Literal(2),
  rules: Type.Array(RuleRow),
  geolocation: Type.Union([Type.Literal('none'), Type.Literal('header'), Type.Literal('geoip')]),
  provider: Type.String(),
});
export type AgeAssuranceRules = Static<typeof AgeAssuranceRules>;
export type AgeAssuranceRule = Static<typeof RuleRow>;

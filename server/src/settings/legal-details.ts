import type { Config, LegalDetails } from '../config.ts';
import { settingsSchema } from '../config-schema.ts';

/** The variable behind each operator detail the legal pages name. */
const variableOf: Readonly<Record<keyof LegalDetails, keyof typeof settingsSchema.properties>> = {
  entityName: 'LEGAL_ENTITY_NAME',
  entityAddress: 'LEGAL_ENTITY_ADDRESS',
  contactEmail: 'LEGAL_CONTACT_EMAIL',
  governingLaw: 'LEGAL_GOVERNING_LAW',
  custodianName: 'RECORDS_CUSTODIAN_NAME',
  custodianAddress: 'RECORDS_CUSTODIAN_ADDRESS',
  custodianEmail: 'RECORDS_CUSTODIAN_EMAIL',
  dmcaAgentName: 'DMCA_AGENT_NAME',
  dmcaAgentAddress: 'DMCA_AGENT_ADDRESS',
  dmcaAgentPhone: 'DMCA_AGENT_PHONE',
  dmcaAgentEmail: 'DMCA_AGENT_EMAIL',
};

const defaultOf = (variable: keyof typeof settingsSchema.properties) =>
  (settingsSchema.properties[variable] as { readonly default?: unknown }).default;

export interface UnsetLegalDetail {
  readonly detail: keyof LegalDetails;
  readonly variable: string;
}

/**
 * The operator details still at their default, which is a note to the operator rather than a fact: the
 * legal pages show visitors a neutral wording instead, and start-up (and the admin console) warn until set.
 */
export function unsetLegalDetails(legal: LegalDetails): UnsetLegalDetail[] {
  return (Object.keys(variableOf) as (keyof LegalDetails)[])
    .filter((detail) => legal[detail] === defaultOf(variableOf[detail]))
    .map((detail) => ({ detail, variable: variableOf[detail] }));
}

/** The start-up warning, or undefined once every detail is set. */
export function legalDetailsWarning(config: Pick<Config, 'legal'>): string | undefined {
  const unset = unsetLegalDetails(config.legal);
  if (unset.length === 0) return undefined;
  return `The legal pages show visitors a neutral wording until these are set: ${unset.map((item) => item.variable).join(', ')}`;
}

import { expect, test } from 'vitest';
import { buildConfig, parseSettings } from '../config.ts';
import { legalDetailsWarning, unsetLegalDetails } from './legal-details.ts';

const configWith = (env: Record<string, string> = {}) => buildConfig(parseSettings(env));

test('every operator detail left at its default is reported, with the variable to set', () => {
  const config = configWith({ LEGAL_ENTITY_NAME: 'Velvet Media s.r.o.', LEGAL_CONTACT_EMAIL: 'legal@velvet.example' });
  expect(unsetLegalDetails(config.legal)).toEqual([
    { detail: 'entityAddress', variable: 'LEGAL_ENTITY_ADDRESS' },
    { detail: 'governingLaw', variable: 'LEGAL_GOVERNING_LAW' },
    { detail: 'custodianName', variable: 'RECORDS_CUSTODIAN_NAME' },
    { detail: 'custodianAddress', variable: 'RECORDS_CUSTODIAN_ADDRESS' },
    { detail: 'custodianEmail', variable: 'RECORDS_CUSTODIAN_EMAIL' },
    { detail: 'dmcaAgentName', variable: 'DMCA_AGENT_NAME' },
    { detail: 'dmcaAgentAddress', variable: 'DMCA_AGENT_ADDRESS' },
    { detail: 'dmcaAgentPhone', variable: 'DMCA_AGENT_PHONE' },
    { detail: 'dmcaAgentEmail', variable: 'DMCA_AGENT_EMAIL' },
  ]);
  expect(legalDetailsWarning(config)).toBe(
    'The legal pages show visitors a neutral wording until these are set: LEGAL_ENTITY_ADDRESS, LEGAL_GOVERNING_LAW, RECORDS_CUSTODIAN_NAME, RECORDS_CUSTODIAN_ADDRESS, RECORDS_CUSTODIAN_EMAIL, DMCA_AGENT_NAME, DMCA_AGENT_ADDRESS, DMCA_AGENT_PHONE, DMCA_AGENT_EMAIL',
  );
});

test('start-up stays quiet once every detail is set', () => {
  const config = configWith({
    LEGAL_ENTITY_NAME: 'Velvet Media s.r.o.',
    LEGAL_ENTITY_ADDRESS: 'Náměstí 1, Praha',
    LEGAL_CONTACT_EMAIL: 'legal@velvet.example',
    LEGAL_GOVERNING_LAW: 'Czech Republic; courts of Prague',
    RECORDS_CUSTODIAN_NAME: 'Jana Nováková',
    RECORDS_CUSTODIAN_ADDRESS: 'Náměstí 1, Praha',
    RECORDS_CUSTODIAN_EMAIL: 'records@velvet.example',
    DMCA_AGENT_NAME: 'Petr Svoboda',
    DMCA_AGENT_ADDRESS: 'Náměstí 1, Praha',
    DMCA_AGENT_PHONE: '+420 200 000 000',
    DMCA_AGENT_EMAIL: 'copyright@velvet.example',
  });
  expect(unsetLegalDetails(config.legal)).toEqual([]);
  expect(legalDetailsWarning(config)).toBeUndefined();
});

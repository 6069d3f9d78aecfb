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
  ]);
  expect(legalDetailsWarning(config)).toBe(
    'The legal pages show visitors a neutral wording until these are set: LEGAL_ENTITY_ADDRESS, LEGAL_GOVERNING_LAW, RECORDS_CUSTODIAN_NAME, RECORDS_CUSTODIAN_ADDRESS',
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
  });
  expect(unsetLegalDetails(config.legal)).toEqual([]);
  expect(legalDetailsWarning(config)).toBeUndefined();
});

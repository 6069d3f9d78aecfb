/** ISO 3166-1 alpha-2 codes; names come from Intl.DisplayNames in the visitor's language. */
const ALL_CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
  'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
  'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
  'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
  'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
  'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW';

export const countryCodes: ReadonlySet<string> = new Set(ALL_CODES.split(' '));

/** Shown first in the country chooser (spec §3). */
export const priorityCountries = ['AU', 'CA', 'CZ', 'IT', 'ES', 'FR', 'DE', 'GB', 'US'] as const;

export interface Country {
  readonly code: string;
  readonly name: string;
  readonly priority?: number;
}

const displayNames = new Map<string, Intl.DisplayNames>();

export function countryName(code: string, locale: string): string {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' });
    displayNames.set(locale, names);
  }
  return names.of(code) ?? code;
}

export function describeCountry(code: string, locale: string): Country {
  const priority = priorityCountries.indexOf(code as (typeof priorityCountries)[number]);
  return { code, name: countryName(code, locale), ...(priority >= 0 ? { priority: priority + 1 } : {}) };
}

/** All countries for the chooser: priority countries first in their fixed order, then by localised name. */
export function listCountries(locale: string): Country[] {
  const collator = new Intl.Collator(locale);
  const rest = [...countryCodes]
    .filter((code) => !priorityCountries.includes(code as (typeof priorityCountries)[number]))
    .map((code) => describeCountry(code, locale))
    .sort((a, b) => collator.compare(a.name, b.name));
  return [...priorityCountries.map((code) => describeCountry(code, locale)), ...rest];
}

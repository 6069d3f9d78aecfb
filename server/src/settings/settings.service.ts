import { describeCountry } from './countries.ts';
import { languages } from './languages.ts';
import { lgbtTriggers } from './orientation.ts';

/**
 * Username rule of spec §5 as a pattern clients can use (case-insensitive): 2 to 31 characters of
 * a-z 0-9 _ . with at least two letters.
 */
export const USERNAME_PATTERN = '^(?=(?:[^a-z]*[a-z]){2})[a-z0-9_.]{2,31}$';

/** Below this many hits a search counts as empty (spec §5). */
export const MIN_SEARCH_RESULTS = 3;

export class SettingsService {
  private readonly defaultCountry: string;

  constructor(defaultCountry: string) {
    this.defaultCountry = defaultCountry;
  }

  settingsFor(client: { locale: string; forcedCountry: string | undefined }) {
    return {
      country: describeCountry(client.forcedCountry ?? this.defaultCountry, client.locale),
      languages: languages.map(({ bcp47, name, acceptHeader, locale, dir }) => ({ bcp47, name, acceptHeader, locale, dir })),
      lgbt_triggers: lgbtTriggers,
      regExpUsername: USERNAME_PATTERN,
      minResults: MIN_SEARCH_RESULTS,
    };
  }
}

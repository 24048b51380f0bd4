/**
 * ISO 3166 countries by their English names (i18n-iso-countries), for the
 * publisher's country: the page shows the name, the package stores the code.
 */
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';

countries.registerLocale(en);

export interface Country {
  code: string;
  name: string;
}

/** Every country, A to Z by name (the short name: "United Kingdom", not "United Kingdom of Great Britain…"). */
export const COUNTRIES: ReadonlyArray<Country> = Object.entries(countries.getNames('en', { select: 'official' }))
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));

/** "GB" → "United Kingdom"; an unknown code is shown as it is. */
export function countryName(code: string): string {
  return COUNTRIES.find((c) => c.code === code)?.name ?? code;
}

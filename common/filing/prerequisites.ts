/**
 * What the filing preview can name as missing before a return may be sent
 * (`FilingMissing.field`), besides a field of the CT600 wizard: the main
 * process names them, the window takes the user to the place each is put
 * right. One list, so neither side guesses at the other's names.
 */
export const FILING_PREREQUISITES = ['vendorId', 'productName', 'gatewayUserId', 'gatewayPassword', 'liveFiling', 'endpointOverride', 'build'] as const;

export type FilingPrerequisite = (typeof FILING_PREREQUISITES)[number];

const NAMES: ReadonlySet<string> = new Set(FILING_PREREQUISITES);

export function isFilingPrerequisite(field: string): field is FilingPrerequisite {
  return NAMES.has(field);
}

/**
 * The parts of Settings where the prerequisites are put right, named one way
 * by main's messages and the window's links alike.
 */
export const SETTINGS_PLACES = {
  filing: 'Settings › Filing with HMRC',
  gateway: 'Settings › Government Gateway',
} as const;

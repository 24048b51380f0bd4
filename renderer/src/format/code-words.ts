/**
 * Plain words for every code a check can report. The code stays on screen
 * beside the words: it is what HMRC, XBRL International and support quote.
 * Codes of the report package and taxonomy package specifications read the
 * same in both (rpe: and tpe:), so their words are kept once, without the
 * prefix.
 */
const PACKAGE_WORDS: Record<string, string> = {
  invalidArchiveFormat: 'Not a readable zip file',
  invalidDirectoryStructure: 'Files not laid out as a package',
  invalidJSON: 'reportPackage.json is not valid JSON',
  invalidJSONStructure: 'reportPackage.json lacks its document type',
  unsupportedReportPackageVersion: 'Unknown report package version',
  documentTypeFileExtensionMismatch: 'File extension does not match the package type',
  unsupportedFileExtension: 'Not a package file extension',
  missingReportsDirectory: 'No reports folder',
  missingReport: 'No report in the package',
  multipleReports: 'More than one report',
  multipleReportsInSubdirectory: 'More than one report in one folder',
  incorrectReportType: 'Wrong kind of report for this package',
  metadataDirectoryNotFound: 'No META-INF folder',
  metadataFileNotFound: 'No taxonomyPackage.xml',
  invalidMetaDataFile: 'taxonomyPackage.xml breaks its schema',
  missingLanguageAttribute: 'Text without a language',
  duplicateLanguagesForElement: 'The same language given twice',
  invalidCatalogFile: 'catalog.xml is not a valid catalog',
  multipleRewriteURIsForStartString: 'catalog.xml maps one address twice',
};

const WORDS: Record<string, string> = {
  // IRmark
  'irmark-valid': 'IRmark matches',
  'irmark-missing': 'No IRmark',
  'irmark-mismatch': 'IRmark does not match the content',
  // Reading the XML
  'not-utf8': 'Not UTF-8 text',
  doctype: 'Declares a DOCTYPE',
  'not-well-formed': 'Not well-formed XML',
  encoding: 'Wrong text encoding',
  'too-deep': 'Nested too deeply',
  // The schema
  'unexpected-element': 'Element out of place',
  'unknown-element': 'Unknown element',
  'missing-element': 'Required element missing',
  'invalid-value': 'Value not allowed',
  'unknown-attribute': 'Unknown attribute',
  'missing-attribute': 'Required attribute missing',
  'invalid-attribute': 'Attribute value not allowed',
  'text-not-allowed': 'Text where none is allowed',
  'element-not-allowed': 'Element not allowed here',
  'not-checked': 'Not checked against the schema',
  'padded-value': 'Spaces around a date or year',
  'schema-version-not-accepted': 'Schema version HMRC does not accept',
  'schema-version-checked-as': 'Schema version used for the check',
  // Entry points of a taxonomy package
  entryPointNotInPackage: 'Entry point not in the package',
  entryPointNotMappedByCatalog: 'Entry point reached only after tidying its address',
  referenceNotResolved: 'A schema or linkbase named is missing',
  referencesNotRead: 'A file’s references could not be read',
  taxonomyNotInstalled: 'Taxonomy not installed here',
  // Installing a taxonomy package
  invalidLegacyMetadata: 'Package description (.taxonomyPackage.xml) not valid',
  noRemappings: 'Package maps no addresses to its files',
  remappingNotInPackage: 'Package maps an address to a missing folder',
  taxonomyPackageTooLarge: 'Package over the size limits',
  alreadyInstalled: 'Package already installed',
  // Facts against the taxonomy
  'taxonomy.notInstalled': 'Concepts not checked: taxonomy not installed',
  factCount: 'Facts found',
  'taxonomy.schemaNotLoaded': 'Part of the taxonomy could not be loaded',
  'taxonomy.conceptNotFound': 'Concept not in the taxonomy',
  'taxonomy.conceptNotReportable': 'Concept cannot be reported',
  'taxonomy.numericFactOnNonNumericConcept': 'Number tagged on a text concept',
  'taxonomy.nonNumericFactOnNumericConcept': 'Text tagged on a numeric concept',
  // Values, units, numeric attributes and contexts, with the reference processor's codes
  'xbrl.4.8.2:monetaryFactUnit-notMonetaryMeasure': 'Amount without an ISO 4217 currency unit',
  'xmlSchema:valueError': 'Value not of its type',
  'xmlSchema:nilNonNillableElement': 'Nil where the concept cannot be nil',
  'xmlSchema:attributesRequired': 'Required attribute missing',
  'xml.3.3.1:idMustBeUnique': 'Id used more than once',
  'values.patternNotChecked': 'A type’s pattern could not be checked',
  'xbrl.4.8.2:measureElement': 'Unit measure not allowed',
  'xbrl.4.8.4:measureBothNumDenom': 'Unit measure both above and below the line',
  'xbrl.4.6.3:missingPrecisionDecimals': 'Number without decimals',
  'xbrl.4.6.3:bothPrecisionAndDecimals': 'Number with both decimals and precision',
  'xbrl.4.6.3:nilPrecisionDecimals': 'Nil number with decimals',
  'xbrl.4.6.5:decimals': 'Decimals not a whole number or INF',
  'xbrl.4.6.4:precision': 'Precision not a whole number or INF',
  'xbrl.4.7.2:periodStartBeforeEnd': 'Period ends before it starts',
  'xbrl.4.6.1:itemContextRef': 'Fact’s context not defined',
  'xbrl.4.6.2:numericUnit': 'Number’s unit not defined',
  'lxml.SCHEMAV_CVC_COMPLEX_TYPE_3_2_1': 'Attribute not allowed on this element',
  'lxml.SCHEMAV_CVC_COMPLEX_TYPE_3_2_2': 'Attribute not allowed on this element',
  'lxml.SCHEMAV_CVC_DATATYPE_VALID_1_2_1': 'Attribute value not of its type',
  'lxml.SCHEMAV_CVC_PATTERN_VALID': 'Attribute value not allowed',
  'xbrl.4.7.2:contextPeriodType': 'Wrong period type for the concept',
  // XBRL Dimensions 1.0, with the reference processor's codes
  'xbrldie:PrimaryItemDimensionallyInvalidError': 'Fact’s context fits none of its hypercubes',
  'xbrldie:ExplicitMemberNotExplicitDimensionError': 'Explicit member for something not an explicit dimension',
  'xbrldie:TypedMemberNotTypedDimensionError': 'Typed member for something not a typed dimension',
  'xbrldie:IllegalTypedDimensionContentError': 'Typed dimension value not of its domain',
  'xbrldie:ExplicitMemberUndefinedQNameError': 'Dimension member not in the taxonomy',
  'xbrldie:DefaultValueUsedInInstanceError': 'Dimension default written out',
  'xbrldie:RepeatedDimensionInInstanceError': 'Dimension given twice in one context',
  // Running the checks
  'package-refused': 'Package refused before checking',
  'check-failed': 'Check could not run',
  reportCount: 'Reports found',
  // Attached accounts and computations
  'attachment.base64': 'Attachment cannot be decoded',
  'attachment.box2': 'Company number differs from box 2',
  'attachment.box3': 'UTR differs from box 3',
  'attachment.period': 'Period differs from boxes 30 and 35',
  'ixt.unreadableValue': 'Figure cannot be read',
  'ixt.transformNotRead': 'Format not read by this app',
  'ixt.registryNotAccepted': 'Format from a registry Companies House does not accept',
  // Inline XBRL 1.1 structure, with the reference processor's codes
  'ix11.4.1.1:ancestorNodeDisallowed': 'Continuation inside hidden facts',
  'ix11.4.1.2:continuationNotReferenced': 'Continuation that nothing continues into',
  'ix11.4.1.2:continuationReferences': 'Continuation named by more than one element',
  'ix11.12.1.2:missingReferenceTargets': 'Facts for a target document with no taxonomy',
  'lxml.SCHEMAV_ELEMENT_CONTENT': 'Element not allowed here',
  IOerror: 'Taxonomy file not found',
};

/** Families of codes from HMRC's and the FRC's attachment rules: their own message says what is wrong. */
const FAMILIES: [RegExp, string][] = [
  [/^\d+$/, 'HMRC business rule'],
  [/^xbrl\.ixbrl\./, 'Inline XBRL rule'],
  [/^ix1[01][.\d]*:contextReference$/, 'Fact’s context not defined'],
  [/^ix1[01][.\d]*:unitReference$/, 'Number’s unit not defined'],
  [/^ix1[01][.\d]*:nonFractionNegative$/, 'Sign written in the number’s text'],
  [/^HMRC\.SG\./, 'HMRC style guide rule'],
  [/^HMRC\./, 'HMRC attachment rule'],
  [/^JFCVC\./, 'HMRC and Companies House joint filing rule'],
  [/^FRC\./, 'FRC taxonomy rule'],
  [/^(Co|Lp|Char)\./, 'Statement the accounts must make'],
];

/** The words for a code, or undefined when there are none (shown as the code alone). */
export function wordsForCode(code: string): string | undefined {
  const exact = WORDS[code];
  if (exact) return exact;
  const packageCode = /^(rpe|tpe):(\w+)$/.exec(code);
  if (packageCode) return PACKAGE_WORDS[packageCode[2]!];
  return FAMILIES.find(([pattern]) => pattern.test(code))?.[1];
}

/** "IRmark matches (irmark-valid)": the words first, the code beside them for support. */
export function codeInWords(code: string): string {
  const words = wordsForCode(code);
  return words ? `${words} (${code})` : code;
}

/** A rule's message without the engine's own "Rule 9200: " prefix, for a line that already names the rule. */
export function ruleWords(message: { code: string; message: string }): string {
  const prefix = `rule ${message.code}:`;
  return message.message.toLowerCase().startsWith(prefix) ? message.message.slice(prefix.length).trimStart() : message.message;
}

/**
 * Mutants of HMRC's sample computation on which the app and Arelle are known
 * to disagree, each with the reason (it becomes part of the test's name in
 * arelle-differential.test.ts). Remove an entry once the app agrees: its test
 * then fails until it is removed. Arelle was run without its UK plugin (as
 * the comparison is of XBRL, Inline XBRL and Dimensions), so HMRC's own
 * rules are the app's alone.
 */
export const KNOWN_DISAGREEMENTS: Record<string, string> = {
  // Arelle wrong by the specification, the app right.
  'val-integer-large': "Arelle rejects a 30-digit integer (xmlSchema:valueError) though XML Schema's xs:integer is unbounded; the app accepts it",
  'val-amount-exponent': 'Arelle accepts "3e2" in an ix:nonFraction with no format though xs:decimal has no exponent form; the app reports xmlSchema:valueError',
  'unit-gbx': 'Arelle checks only that a monetary unit is in the iso4217 namespace, not that GBX is an ISO 4217 code; the app does',
  'fmt-date-janvember': 'Arelle accepts "7 Janvember 2015" under TR4 date-day-monthname-year-en; the app rejects the month name as the registry does',
  // HMRC's rules: Arelle checks them only with its UK plugin.
  'unit-precision-instead': "Arelle does not check HMRC's HMRC.5.4 (precision) without its UK plugin; the app does",
  'unit-decimals-negative': "Arelle does not check HMRC's HMRC.SG.4.5 (digits beyond decimals) without its UK plugin; the app does",
  'hmrc-inconsistent-duplicate': "Arelle does not check HMRC's JFCVC.3314 (inconsistent duplicates) without its UK plugin; the app does",
  'hmrc-script': "Arelle does not check HMRC's HMRC.SG.3.3 (no script) without its UK plugin; the app does",
  'hmrc-external-image': "Arelle does not check HMRC's HMRC.SG.3.8 (images embedded) without its UK plugin; the app does",
  'hmrc-missing-company-name': "both find the missing mandatory item: Arelle as the unmet requires-element arc of HMRC's package (xbrl.5.2.6.2.4:requiresElementInconsistency), the app as HMRC's JFCVC.3312",
  'hmrc-missing-tax-reference': "both find the missing mandatory item: Arelle as the unmet requires-element arc of HMRC's package (xbrl.5.2.6.2.4:requiresElementInconsistency), the app as HMRC's JFCVC.3312",
  'hmrc-missing-partner-flag': "both find the missing mandatory item: Arelle as the unmet requires-element arc of HMRC's package (xbrl.5.2.6.2.4:requiresElementInconsistency), the app as HMRC's JFCVC.3312",
  'hmrc-onclick': "both find the event handler: Arelle as XHTML schema-invalid (Inline XBRL's XHTML has no event attributes), the app as HMRC's HMRC.SG.3.3",
  // Both find the fault under different codes.
  'fmt-undeclared-prefix': 'both find the undeclared format prefix: Arelle as xmlSchema:valueError (the QName), the app as ix10.9.1.2:invalidTransformation',
  'ref-concept-not-in-taxonomy': 'both find the unknown concept: Arelle as ix10.11.1.2:missingReferences, the app as taxonomy.conceptNotFound',
  'ref-name-undeclared-prefix': 'both find the unknown concept: Arelle as ix10.11.1.2:missingReferences, the app as taxonomy.conceptNotFound',
  'ix-target-in-ix10': 'both find the target attribute in Inline XBRL 1.0: Arelle as a target with no ix:references (ix11.12.1.2), the app as a schema error',
  'ix-not-well-formed': "both find the document not well-formed: Arelle as xmlSchema:syntax, the app as HMRC's HMRC.SG.3.2",
};

/** The same for the mutants of the small company's FRS 102 accounts (test/fixtures/ixbrl-mutants/frs102-small-accounts.mutants.json). */
export const ACCOUNTS_KNOWN_DISAGREEMENTS: Record<string, string> = {
  // Arelle wrong by the specification, the app right.
  'fmt-date-misspelt-month': 'Arelle accepts "31 Decembre 2015" under TR4 date-day-monthname-year-en (it reads a month name by its first letters); the app rejects the month name as the registry does',
  // Both find the fault under different codes.
  'ref-concept-not-in-taxonomy': 'both find the unknown concept: Arelle as ix11.12.1.2:missingReferences, the app as taxonomy.conceptNotFound',
};

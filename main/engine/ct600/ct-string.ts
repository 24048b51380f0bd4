/**
 * CT_CTstringType, HMRC's restricted character set for free text in a CT600
 * return, and the characters CTexcludedCharsStringType forbids on top of it.
 * Defined once: the request schema checks what the user typed against it, and
 * the return validator checks finished documents against the same set.
 */

/** The set as the XSD writes its pattern; validation messages quote this text. */
export const CT_STRING_XSD_PATTERN = `[A-Za-z0-9 ,\\.\\(\\)/&'\\-"!%\\*_\\+:@<>\\?=;]*`;

/** The same characters as a JavaScript character class. */
export const CT_STRING_CLASS = `[A-Za-z0-9 ,.()/&'\\-"!%*_+:@<>?=;]`;

/** Whole-string test: every character is in HMRC's set (the empty string too). */
export const CT_STRING_CHARS = new RegExp(`^${CT_STRING_CLASS}*$`);

/** CTexcludedCharsStringType: £ $ # ~ € are refused even where the set above would allow more. */
export const EXCLUDED_CHARS = '£$#~€';

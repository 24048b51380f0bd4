/**
 * The size limits of files and forms crossing the bridge, one table for the
 * renderer (which refuses a file before reading it) and main (which refuses
 * for real, whatever the renderer did).
 */
const MiB = 1024 * 1024;

/**
 * Size limits, shared by the renderer (to refuse a file before reading it)
 * and main (which refuses for real, whatever the renderer did).
 *
 * A CT600 return: HMRC refuses a submission over 25 MB, so a bigger file
 * cannot be a return HMRC would take; 30 MiB leaves room for a file saved
 * with extra whitespace or a BOM without letting a huge XML document tie up
 * the engine.
 */
export const MAX_CT600_XML_BYTES = 30 * MiB;
/** A report package: what the package validator accepts (main/engine/package DEFAULT_ZIP_LIMITS, 256 MiB). */
export const MAX_REPORT_PACKAGE_BYTES = 256 * MiB;
/** file.save of a CT600 return: the same ceiling as a dropped one. */
export const MAX_SAVED_XML_BYTES = 30 * MiB;
/** file.save of a built package: 256 MiB of content plus zip headers and the generated metadata. */
export const MAX_SAVED_PACKAGE_BYTES = 300 * MiB;

/** "30 MB": limits are whole MiB; shown as MB, as the file-size text is. */
export function describeLimit(bytes: number): string {
  return `${Math.round(bytes / MiB)} MB`;
}

/**
 * Attachments of one CT600 return: HMRC caps the message at 25 MB, and the
 * engine accepts at most 25 MiB of base64 in all (MAX_ATTACHMENTS_BASE64_BYTES
 * in main/engine/ct600/request-schema.ts, kept equal by a test). The page shows
 * this as a meter and refuses a file that would pass it before reading it.
 */
export const MAX_CT600_ATTACHMENTS_BASE64_BYTES = 25 * MiB;
/** The base64 length of n bytes, as the engine counts attachments. */
export function base64SizeOf(bytes: number): number {
  return 4 * Math.ceil(bytes / 3);
}
/** The wizard's form as JSON: generous for any return or package description. */
export const MAX_DRAFT_FORM_BYTES = 1 * MiB;
/** One file attached to a draft: a package's report or taxonomy file may be as large as a package. */
export const MAX_DRAFT_ATTACHMENT_BYTES = MAX_REPORT_PACKAGE_BYTES;
/** An exported draft (.fdesk): its form plus its attachments in base64. */
export const MAX_DRAFT_FILE_BYTES = 400 * MiB;

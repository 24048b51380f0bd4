/**
 * The most the command line reads of each kind of input: the app's own caps,
 * so a file the window would refuse is refused here too, before a byte of it
 * is read. Kept free of engine imports: a CT600 batch must not load the zip code.
 */
import { MAX_CT600_XML_BYTES, MAX_REPORT_PACKAGE_BYTES } from '../../preload/contract-limits.js';
import { MAX_TAXONOMY_PACKAGE_BYTES } from '../../preload/contract-taxonomies.js';
import type { InputLimit } from './io.js';

const MiB = 1024 * 1024;

/** A CT600 message to verify: the ceiling of a dropped return (HMRC accepts up to 25 MB). */
export const CT600_XML_INPUT: InputLimit = { maxBytes: MAX_CT600_XML_BYTES, kind: 'CT600 returns' };

/** A report package to validate: what the package validator accepts. */
export const REPORT_PACKAGE_INPUT: InputLimit = { maxBytes: MAX_REPORT_PACKAGE_BYTES, kind: 'report packages' };

/**
 * A build-ct600 request: at most 25 MiB of attachments as base64 (plus the 5%
 * of line breaks the engine tolerates) and 4 MiB of everything else, as the
 * window's build allows (main/engine/payload-limits.ts), with room for JSON's
 * quotes, keys and indentation. A test keeps this above those limits.
 */
export const CT600_REQUEST_INPUT: InputLimit = { maxBytes: 32 * MiB, kind: 'build-ct600 requests' };

/**
 * A create-report-package request: the package's 256 MiB of content as base64
 * (report and taxonomy files together), a megabyte of report-package.json and
 * 16 MiB of metadata, as the window's build allows, with room for JSON's own
 * text. A test keeps this above those limits.
 */
export const PACKAGE_REQUEST_INPUT: InputLimit = { maxBytes: 360 * MiB, kind: 'create-report-package requests' };

/**
 * A firm's client list as CSV for `cli deadlines --csv`: a row is under 200
 * bytes, so 16 MiB is tens of thousands of periods, far beyond any firm.
 */
export const DEADLINE_CSV_INPUT: InputLimit = { maxBytes: 16 * MiB, kind: 'client lists (CSV)' };

/** A computation input: a few kilobytes even with hundreds of assets; 4 MiB is far beyond any asset register. */
export const COMPUTATION_INPUT: InputLimit = { maxBytes: 4 * MiB, kind: 'computation inputs' };

/** A taxonomy package to install: what the Settings panel accepts. */
export const TAXONOMY_PACKAGE_INPUT: InputLimit = { maxBytes: MAX_TAXONOMY_PACKAGE_BYTES, kind: 'taxonomy packages' };

/** An Inline XBRL document to check: HMRC takes attachments up to 25 MB in a return of at most that; room for a larger accounts file checked on its own. */
export const IXBRL_INPUT: InputLimit = { maxBytes: 64 * MiB, kind: 'Inline XBRL documents' };

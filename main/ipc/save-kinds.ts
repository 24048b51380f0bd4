import type { FileSaveRequest } from '../../preload/contract.js';

/**
 * What main offers in the save dialog for each kind of file: the one filter,
 * the extension the file must have, the words used in messages, and the name
 * used when the suggested one has nothing usable left. The renderer only says
 * which kind it is saving.
 */
export interface SaveTarget {
  extension: string;
  filter: { name: string; extensions: string[] };
  /** "A CT600 return", for messages. */
  description: string;
  fallbackBase: string;
}

const packageFilterNames = {
  xbri: 'Inline XBRL report package (.xbri)',
  xbr: 'XBRL report package (.xbr)',
  zip: 'Report package (.zip)',
} as const;

export function saveTargetOf(request: FileSaveRequest): SaveTarget {
  if (request.kind === 'ct600-xml') {
    return { extension: 'xml', filter: { name: 'CT600 return (XML)', extensions: ['xml'] }, description: 'A CT600 return', fallbackBase: 'ct600-return' };
  }
  if (request.kind === 'validation-csv') {
    return { extension: 'csv', filter: { name: 'Validation messages (CSV)', extensions: ['csv'] }, description: 'A validation report', fallbackBase: 'validation-messages' };
  }
  if (request.kind === 'deadlines-csv') {
    return { extension: 'csv', filter: { name: 'Deadlines (CSV)', extensions: ['csv'] }, description: 'A list of deadlines', fallbackBase: 'deadlines' };
  }
  if (request.kind === 'deadlines-ics') {
    return { extension: 'ics', filter: { name: 'Calendar (iCalendar .ics)', extensions: ['ics'] }, description: 'A calendar of deadlines', fallbackBase: 'deadlines' };
  }
  const extension = request.extension;
  return {
    extension,
    filter: { name: packageFilterNames[extension], extensions: [extension] },
    description: 'A report package',
    fallbackBase: 'report-package',
  };
}

/** An exported draft, passed to a colleague. */
export const DRAFT_FILE_TARGET: SaveTarget = {
  extension: 'fdesk',
  filter: { name: 'Filing Desk draft (.fdesk)', extensions: ['fdesk'] },
  description: 'A Filing Desk draft',
  fallbackBase: 'draft',
};

/** HMRC's response to a submission (the receipt), exactly as received. */
export const HMRC_RECEIPT_TARGET: SaveTarget = {
  extension: 'xml',
  filter: { name: 'HMRC response (XML)', extensions: ['xml'] },
  description: 'HMRC’s response',
  fallbackBase: 'hmrc-response',
};

/** A CT600 return exactly as it was sent to HMRC. */
export const FILED_RETURN_TARGET: SaveTarget = {
  extension: 'xml',
  filter: { name: 'CT600 return as filed (XML)', extensions: ['xml'] },
  description: 'The return as filed',
  fallbackBase: 'ct600-as-filed',
};

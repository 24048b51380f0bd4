/** What a check found wrong in one attached document. */
export interface AttachmentFinding {
  /** HMRC's error number or check name: "JFCVC.3312", "Co.Sec477", "xbrl.ixbrl.HeaderAbsent". */
  code: string;
  category: 'error' | 'warning';
  /** Plain English, without the file name (the caller says which file). */
  message: string;
  /** The CT600 boxes the finding concerns, when it ties the document to the return. */
  boxes?: string[];
}

export const errorFinding = (code: string, message: string, boxes?: string[]): AttachmentFinding => ({ code, category: 'error', message, ...(boxes ? { boxes } : {}) });

/** What a check found wrong in one attached document. */
export interface AttachmentFinding {
  /**
   * HMRC's error number or check name: "JFCVC.3312", "Co.Sec477". For an
   * XBRL, Inline XBRL or Dimensions rule, the code the reference processor
   * (Arelle) reports for the same fault where it has one ("xbrl.4.9",
   * "ix11.10.1.2", "xbrldie:PrimaryItemDimensionallyInvalidError"), so a
   * user can compare the app's findings with other tools'.
   */
  code: string;
  /** The specification and section the rule comes from: "XBRL 2.1 §4.9", "Inline XBRL 1.1 §10.1.2". */
  spec?: string;
  category: 'error' | 'warning';
  /** Plain English, without the file name (the caller says which file). */
  message: string;
  /** The CT600 boxes the finding concerns, when it ties the document to the return. */
  boxes?: string[];
  /**
   * The taxonomy packages to install before the facts can be checked: set on
   * the "concepts not checked" warning, it makes the document's verdict
   * "not checked" rather than valid (main/engine/validation/verdict.ts).
   */
  install?: string[];
}

export const errorFinding = (code: string, message: string, boxes?: string[]): AttachmentFinding => ({ code, category: 'error', message, ...(boxes ? { boxes } : {}) });

/** The three report package kinds of Report Packages 1.0 (report-package.md section 2). */
export const DocumentType = {
  inline: 'https://xbrl.org/report-package/2023/xbri',
  nonInline: 'https://xbrl.org/report-package/2023/xbr',
  unconstrained: 'https://xbrl.org/report-package/2023',
} as const;
export type DocumentTypeUri = (typeof DocumentType)[keyof typeof DocumentType];

export type PackageExtension = 'xbri' | 'xbr' | 'zip';

export const extensionOfDocumentType: Record<DocumentTypeUri, PackageExtension> = {
  [DocumentType.inline]: 'xbri',
  [DocumentType.nonInline]: 'xbr',
  [DocumentType.unconstrained]: 'zip',
};

export const documentTypeOfExtension: Record<PackageExtension, DocumentTypeUri> = {
  xbri: DocumentType.inline,
  xbr: DocumentType.nonInline,
  zip: DocumentType.unconstrained,
};

export function isKnownDocumentType(uri: string): uri is DocumentTypeUri {
  return Object.values(DocumentType).includes(uri as DocumentTypeUri);
}

/** "ACME.XBRI" → "xbri"; anything else → undefined. Package extensions are matched case-insensitively. */
export function packageExtensionOf(fileName: string): PackageExtension | undefined {
  const m = /\.([^./\\]+)$/.exec(fileName);
  const ext = m?.[1]?.toLowerCase();
  return ext === 'xbri' || ext === 'xbr' || ext === 'zip' ? ext : undefined;
}

/** The report kinds, by the file extensions the spec recognises (lower case only). */
export type ReportKind = 'inline' | 'xbrl' | 'json';

export function reportKindOf(fileName: string): ReportKind | undefined {
  if (/\.(xhtml|html|htm)$/.test(fileName)) return 'inline';
  if (fileName.endsWith('.xbrl')) return 'xbrl';
  if (fileName.endsWith('.json')) return 'json';
  return undefined;
}

/** Which report kinds a package of this document type may hold. */
export function acceptsReportKind(documentType: DocumentTypeUri, kind: ReportKind): boolean {
  if (documentType === DocumentType.inline) return kind === 'inline';
  if (documentType === DocumentType.nonInline) return kind !== 'inline';
  return true;
}

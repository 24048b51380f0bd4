/**
 * Deterministic zip bytes: entries in the order given, one fixed timestamp
 * (JSZip writes DOS times from the UTC fields, so no time zone leaks in), a
 * fixed deflate level, UTF-8 names, no directory entries. JSZip deflates with
 * pako (pure JavaScript, pinned), so the bytes do not depend on the zlib build
 * of whichever Node or Electron runs us.
 */
import JSZip from 'jszip';

export interface ZipFile {
  path: string;
  bytes: Uint8Array;
}

const FIXED_DATE = new Date(Date.UTC(1980, 0, 1, 0, 0, 0));

export async function writeZip(files: ZipFile[]): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const file of files) {
    zip.file(file.path, file.bytes, { binary: true, date: FIXED_DATE, createFolders: false });
  }
  return zip.generateAsync({
    type: 'uint8array',
    compression: 'DEFLATE',
    compressionOptions: { level: 6 },
    platform: 'DOS',
    streamFiles: false,
  });
}

/**
 * File sizes as a person reads them: "512 bytes", "830 KB", "1.2 MB". KB
 * and MB are 1,024 bytes and 1,024 KB, as Windows Explorer and macOS's
 * Finder in "binary" mode count, so the figure matches what the limits say.
 */
const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

const oneDecimal = (n: number) => {
  const text = n.toFixed(1);
  return text.endsWith('.0') ? text.slice(0, -2) : text;
};

export function formatSize(bytes: number): string {
  if (bytes === 1) return '1 byte';
  if (bytes < KB) return `${bytes.toLocaleString('en-GB')} bytes`;
  // Under 10 KB a tenth tells files apart ("1.5 KB"); above, whole KB are enough ("830 KB").
  if (bytes < 10 * KB) return `${oneDecimal(bytes / KB)} KB`;
  // 1,023.6 KB would round to "1024 KB": say 1 MB instead.
  if (Math.round(bytes / KB) < KB) return `${Math.round(bytes / KB)} KB`;
  if (Number(oneDecimal(bytes / MB)) < KB) return `${oneDecimal(bytes / MB)} MB`;
  return `${oneDecimal(bytes / GB)} GB`;
}

/** "1.2 MB (1,234,567 bytes)": where the exact count matters, as for a built file. */
export const formatSizeExactly = (bytes: number) => (bytes < KB ? formatSize(bytes) : `${formatSize(bytes)} (${bytes.toLocaleString('en-GB')} bytes)`);

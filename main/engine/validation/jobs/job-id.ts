/**
 * Job ids are UUIDs, and they become file names: an id is checked against
 * the UUID form before it is ever joined to a path, so "../x" or "a/b" can
 * never reach the file system.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isJobId(id: unknown): id is string {
  return typeof id === 'string' && UUID.test(id);
}

/** The canonical (lower-case) form used for file names. */
export function canonicalJobId(id: string): string | undefined {
  return isJobId(id) ? id.toLowerCase() : undefined;
}

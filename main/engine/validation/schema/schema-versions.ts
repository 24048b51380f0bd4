/**
 * The CT schema versions a return may declare (IRheader/Manifest/Contains/
 * Reference/SchemaVersion, e.g. "2025-v1.994") and the structure each is
 * checked against. One table, so the next version is a row, not a rewrite.
 *
 * Sources: HMRC's "Corporation Tax technical specifications for CT600 RIM
 * artefacts" page (gov.uk/government/publications/corporation-tax-technical-
 * specifications-ct600-rim-artefacts), which lists the artefacts in live use
 * and removes each version when its successor goes live; CT600 V3 (2026)
 * artefacts V1.994 of 10 October 2025 are the live ones (the schema is in
 * ../shared/ct600/hmrc/CT-2014-v1-994.xsd). Filing Desk's own decision on top:
 * returns that declare v1.991 or v1.993 (earlier periods prepared before the
 * v1.994 switch) are still checked, against the structure of their version,
 * rather than refused. Every other version is refused: HMRC's Transaction
 * Engine rejects a manifest it does not serve, so such a return could never
 * be accepted whatever its content.
 */
import type { Element } from '@xmldom/xmldom';

/** The structures Filing Desk models: HMRC's v1.991 schema, and v1.994 with its additions. */
export type SchemaEdition = 'v1.991' | 'v1.994';

export interface AcceptedSchemaVersion {
  /** The version number after "-v": "1.994". */
  version: string;
  edition: SchemaEdition;
  /** Said to the user when the return is checked against another version's structure. */
  note?: string;
}

export const CURRENT_SCHEMA_VERSION = '1.994';
/** How Filing Desk's builder declares it (the manifest's SchemaVersion). */
export const CURRENT_SCHEMA_DECLARATION = '2025-v1.994';

export const ACCEPTED_SCHEMA_VERSIONS: readonly AcceptedSchemaVersion[] = [
  { version: '1.994', edition: 'v1.994' },
  {
    version: '1.993',
    // HMRC's v1.993 schema is not among the artefacts Filing Desk holds. Every
    // change from v1.991 to v1.994 is a new optional element or a wider value,
    // so checking against v1.994 does not refuse a correct v1.993 return; what
    // only v1.994 allows is not caught, so the note names the changes to check.
    edition: 'v1.994',
    note:
      "this return declares schema v1.993; Filing Desk holds HMRC's v1.991 and v1.994 schemas and checks it against v1.994, " +
      'which also allows what v1.993 did not (box 4 code 11, non-UK-resident company, and the CT600P creative industries page, box 96)',
  },
  { version: '1.991', edition: 'v1.991' },
];

const CT_NS = 'http://www.govtalk.gov.uk/taxation/CT/5';
const VERSION_FORM = /^[0-9]{4}-v([0-9]{1,3}\.[0-9]{1,3}(?:\.[0-9]{1,3})?)$/;

export const SCHEMA_VERSION_PATH = '/GovTalkMessage/Body/IRenvelope/IRheader/Manifest/Contains/Reference/SchemaVersion';

const children = (el: Element | undefined, name: string): Element[] => {
  const out: Element[] = [];
  for (let n = el?.firstChild; n; n = n.nextSibling) if (n.nodeType === 1 && (n as Element).localName === name) out.push(n as Element);
  return out;
};
const text = (el: Element | undefined) => (el?.textContent ?? '').trim();

/**
 * The SchemaVersion of the manifest reference that names the CT return
 * (Namespace the CT namespace, or the only reference there is), with its
 * element for the line number; undefined when the return has no manifest
 * (the schema makes it optional).
 */
export function declaredSchemaVersion(root: Element): { value: string; element: Element } | undefined {
  const irenvelope = children(children(root, 'Body')[0], 'IRenvelope')[0];
  const refs = children(children(children(children(irenvelope, 'IRheader')[0], 'Manifest')[0], 'Contains')[0], 'Reference');
  const ref = refs.find((r) => text(children(r, 'Namespace')[0]) === CT_NS) ?? (refs.length === 1 ? refs[0] : undefined);
  const element = children(ref, 'SchemaVersion')[0];
  return element ? { value: text(element), element } : undefined;
}

const list = (versions: readonly AcceptedSchemaVersion[]) => {
  const names = versions.map((v) => `v${v.version}`);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names[0]!;
};

const numeric = (version: string) => version.split('.').map(Number);
function newer(a: string, b: string): boolean {
  const [x, y] = [numeric(a), numeric(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0);
  return false;
}

export type VersionVerdict =
  | { accepted: true; edition: SchemaEdition; note?: string }
  /** Refused: the structure is still checked against the current edition, so the user sees every other problem too. */
  | { accepted: false; edition: SchemaEdition; reason: string };

/** What the declared version means for the check; a return without a manifest is checked as the current version. */
export function schemaVersionVerdict(declared: string | undefined): VersionVerdict {
  const current = ACCEPTED_SCHEMA_VERSIONS.find((v) => v.version === CURRENT_SCHEMA_VERSION)!;
  if (declared === undefined) return { accepted: true, edition: current.edition };
  const version = VERSION_FORM.exec(declared)?.[1];
  // A value that is not of the form YYYY-vN.NNN is the schema's own pattern error, reported by the structure check.
  if (version === undefined) return { accepted: true, edition: current.edition };
  const known = ACCEPTED_SCHEMA_VERSIONS.find((v) => v.version === version);
  if (known) return { accepted: true, edition: known.edition, ...(known.note ? { note: known.note } : {}) };
  const accepted = `HMRC accepts returns that declare ${list(ACCEPTED_SCHEMA_VERSIONS)}; build it again declaring ${CURRENT_SCHEMA_DECLARATION}`;
  const reason = newer(version, CURRENT_SCHEMA_VERSION)
    ? `the return declares schema ${declared}, which HMRC does not accept yet (the live version is v${CURRENT_SCHEMA_VERSION}); ${accepted}`
    : `the return declares schema ${declared}, which HMRC no longer accepts: ${accepted}`;
  return { accepted: false, edition: current.edition, reason };
}

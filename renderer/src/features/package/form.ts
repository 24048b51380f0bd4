/**
 * The report package wizard's form: text exactly as typed (so a reload gives
 * back what was on screen), turned into the package request's metadata on
 * demand. The rules are the engine's: the metadata is checked with the
 * engine's own zod schema (reportPackageRequestSchema), and each issue is
 * mapped back to the field that caused it. There is no second copy of a rule.
 */
import type { Client, DraftForm } from '../../../../preload/contract.js';
import { reportPackageRequestSchema, safePackageName } from '../../../../main/engine/package/request-schema.js';

export interface DateText {
  day: string;
  month: string;
  year: string;
}

export interface EntryPointText {
  /** Stable across reorders, so React keeps each row's inputs (and focus) with it. */
  key: string;
  name: string;
  description: string;
  version: string;
  /** The entry point document's URL. */
  href: string;
  /** Language tags as typed, separated by commas or spaces ("en, cy"). */
  languages: string;
}

export interface PackageForm {
  about: {
    name: string;
    identifier: string;
    version: string;
    description: string;
    publisher: string;
    publisherUrl: string;
    /** ISO 3166 alpha-2 code ("GB"); the page shows the country's English name. */
    publisherCountry: string;
    publicationDate: DateText;
    reportPackageLanguage: string;
    /** The package's folder and file name ("ACME-2024" → ACME-2024.xbri). */
    reportPackageName: string;
  };
  entryPoints: EntryPointText[];
  /** Ask for the service's Hash_Result with the build. */
  includeHash: boolean;
  /** Write "<file>.sha256" beside the saved package. */
  writeHashFile: boolean;
}

export type AboutField = keyof PackageForm['about'];
export type EntryPointField = Exclude<keyof EntryPointText, 'key'>;

export const ABOUT_FIELDS: ReadonlyArray<{ id: AboutField; label: string; hint: string; kind?: 'url' | 'language' | 'date' | 'country' | 'long' }> = [
  { id: 'name', label: 'Package name', hint: 'What the package is, in words: for example “Acme Widgets Ltd annual report 2024”.' },
  { id: 'reportPackageName', label: 'File name', hint: 'The package’s file name without its extension, also its folder inside the zip. For example ACME-2024.' },
  { id: 'identifier', label: 'Identifier', hint: 'A web address that names this package and no other, for example https://example.com/acme/2024/package.', kind: 'url' },
  { id: 'version', label: 'Version (optional)', hint: 'For example 1.0.' },
  { id: 'description', label: 'Description (optional)', hint: 'A sentence or two about the package.', kind: 'long' },
  { id: 'publisher', label: 'Publisher (optional)', hint: 'Who publishes the package: usually the company.' },
  { id: 'publisherUrl', label: 'Publisher’s website (optional)', hint: 'A full web address, for example https://www.example.com/.', kind: 'url' },
  { id: 'publisherCountry', label: 'Publisher’s country (optional)', hint: 'Type to search the list.', kind: 'country' },
  { id: 'publicationDate', label: 'Publication date (optional)', hint: 'For example 15 1 2025.', kind: 'date' },
  { id: 'reportPackageLanguage', label: 'Language of the package', hint: 'A language tag: en for English, en-GB for British English, cy for Welsh.', kind: 'language' },
];

export const ENTRY_POINT_FIELDS: ReadonlyArray<{ id: EntryPointField; label: string; hint: string; kind?: 'url' | 'language' | 'long' }> = [
  { id: 'name', label: 'Name', hint: 'For example “Acme Widgets Ltd 2024”.' },
  { id: 'description', label: 'Description (optional)', hint: '', kind: 'long' },
  { id: 'version', label: 'Version (optional)', hint: '' },
  { id: 'href', label: 'Entry point document URL', hint: 'The web address of the taxonomy’s entry schema, for example http://example.com/acme/2024/acme-2024.xsd.', kind: 'url' },
  { id: 'languages', label: 'Languages (optional)', hint: 'Language tags separated by commas, for example en, cy.', kind: 'language' },
];

export const aboutLabel = (id: AboutField) => ABOUT_FIELDS.find((f) => f.id === id)!.label.replace(/ \(optional\)$/, '');
export const entryPointLabel = (id: EntryPointField) => ENTRY_POINT_FIELDS.find((f) => f.id === id)!.label.replace(/ \(optional\)$/, '');

/** The input's id for an entry point's field: "ep-<key>-href". */
export const entryPointFieldId = (key: string, field: EntryPointField) => `ep-${key}-${field}`;

const emptyDate = (): DateText => ({ day: '', month: '', year: '' });
let keys = 0;
export const newEntryPointKey = () => `${Date.now().toString(36)}${(keys++).toString(36)}`;

export function emptyEntryPoint(key = newEntryPointKey()): EntryPointText {
  return { key, name: '', description: '', version: '', href: '', languages: '' };
}

export function emptyForm(): PackageForm {
  return {
    about: {
      name: '',
      identifier: '',
      version: '',
      description: '',
      publisher: '',
      publisherUrl: '',
      publisherCountry: 'GB',
      publicationDate: emptyDate(),
      reportPackageLanguage: 'en-GB',
      reportPackageName: '',
    },
    entryPoints: [emptyEntryPoint('1')],
    includeHash: true,
    writeHashFile: true,
  };
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** A stored draft form, tolerant of anything missing (a new draft's form is {}). */
export function formFromDraft(stored: DraftForm): PackageForm {
  const form = emptyForm();
  if (isEmptyForm(stored)) return form;
  const about = obj(stored.about);
  for (const f of ABOUT_FIELDS) {
    if (f.id === 'publicationDate') {
      const d = obj(about.publicationDate);
      form.about.publicationDate = { day: str(d.day), month: str(d.month), year: str(d.year) };
    } else form.about[f.id] = str(about[f.id]);
  }
  const eps = Array.isArray(stored.entryPoints) ? stored.entryPoints : [];
  const seen = new Set<string>();
  form.entryPoints = eps.map((raw, i) => {
    const e = obj(raw);
    let key = str(e.key) || String(i + 1);
    if (seen.has(key)) key = newEntryPointKey();
    seen.add(key);
    return { key, name: str(e.name), description: str(e.description), version: str(e.version), href: str(e.href), languages: str(e.languages) };
  });
  form.includeHash = stored.includeHash !== false;
  form.writeHashFile = stored.writeHashFile !== false;
  return form;
}

export function isEmptyForm(stored: DraftForm): boolean {
  return Object.keys(stored).length === 0;
}

/** A new package for a client: the company as publisher and in the package's names. */
export function prefillFromClient(form: PackageForm, client: Client, today: Date): PackageForm {
  const year = String(today.getFullYear());
  const company = client.companyName.trim();
  const fileBase = (safePackageName(company) ?? 'package').replace(/\s+/g, '-');
  return {
    ...form,
    about: {
      ...form.about,
      name: form.about.name || `${company} annual report ${year}`,
      reportPackageName: form.about.reportPackageName || `${fileBase}-${year}`,
      publisher: form.about.publisher || company,
      publicationDate:
        form.about.publicationDate.day || form.about.publicationDate.month || form.about.publicationDate.year
          ? form.about.publicationDate
          : { day: String(today.getDate()), month: String(today.getMonth() + 1), year },
    },
    entryPoints: form.entryPoints.map((ep, i) => (i === 0 && !ep.name ? { ...ep, name: `${company} ${year}` } : ep)),
  };
}

// ---------------------------------------------------------------------------
// Text → request

/** "en, cy" or "en cy" → ["en", "cy"]. */
export const splitLanguages = (text: string) => text.split(/[\s,;]+/).filter((t) => t !== '');

/** Day / month / year boxes → "YYYY-MM-DD"; all empty → ''. Anything incomplete is an error of its own. */
export function dateOfText(d: DateText): { ok: true; iso: string } | { ok: false; message: string } {
  const day = d.day.trim();
  const month = d.month.trim();
  const year = d.year.trim();
  if (!day && !month && !year) return { ok: true, iso: '' };
  const missing = [!day && 'day', !month && 'month', !year && 'year'].filter(Boolean);
  if (missing.length) return { ok: false, message: `The publication date must include a ${missing.join(' and ')}` };
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) {
    return { ok: false, message: 'The publication date must be a real date, with the year in 4 digits, for example 15 1 2025' };
  }
  return { ok: true, iso: `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}` };
}

/** The About and Entry points pages as the package request's metadata (main adds the report and the taxonomy). */
export function metadataOf(form: PackageForm): Record<string, unknown> {
  const a = form.about;
  const date = dateOfText(a.publicationDate);
  return {
    name: a.name,
    identifier: a.identifier,
    version: a.version,
    description: a.description,
    publisher: a.publisher,
    publisherUrl: a.publisherUrl,
    publisherCountry: a.publisherCountry,
    // An incomplete date is sent as typed, so the engine's own rule refuses it too.
    publicationDate: date.ok ? date.iso : `${a.publicationDate.year}-${a.publicationDate.month}-${a.publicationDate.day}`,
    reportPackageLanguage: a.reportPackageLanguage,
    reportPackageName: a.reportPackageName,
    entrypoints: form.entryPoints.map((ep) => {
      const languages = splitLanguages(ep.languages);
      return {
        name: ep.name,
        description: ep.description,
        version: ep.version,
        entryPointDocument: { href: ep.href },
        ...(languages.length ? { languages } : {}),
      };
    }),
  };
}

export interface FormCheck {
  /** By input id ("name", "ep-<key>-href"): the message shown beside the field and in the error summary. */
  errors: Map<string, string>;
  request: Record<string, unknown>;
}

/** A stand-in report so the schema judges the metadata alone (main judges the real report). */
const STAND_IN_REPORT = { reportName: 'report.xhtml', reportBase64Content: 'PGh0bWwvPg==' };

/** The engine's schema over the metadata; every issue becomes the words beside its field. */
export function checkForm(form: PackageForm): FormCheck {
  const request = metadataOf(form);
  const errors = new Map<string, string>();
  const add = (id: string, message: string) => {
    if (!errors.has(id)) errors.set(id, message);
  };
  const date = dateOfText(form.about.publicationDate);
  if (!date.ok) add('publicationDate', date.message);
  const result = reportPackageRequestSchema.safeParse({ ...request, ...STAND_IN_REPORT });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [first, index, sub, third] = issue.path;
      if (first === 'entrypoints' && typeof index === 'number') {
        const ep = form.entryPoints[index];
        if (!ep) continue;
        if (sub === 'languages' && typeof third === 'number') {
          const tag = splitLanguages(ep.languages)[third];
          add(entryPointFieldId(ep.key, 'languages'), `Language “${tag}” ${issue.message}`);
        } else if (sub === 'entryPointDocument') {
          add(entryPointFieldId(ep.key, 'href'), `${entryPointLabel('href')} ${requiredWords(issue.message)}`);
        } else if (sub === 'name' || sub === 'description' || sub === 'version' || sub === 'languages') {
          add(entryPointFieldId(ep.key, sub), `${entryPointLabel(sub)} ${issue.message}`);
        }
      } else if (first === 'entrypoints') {
        add('entry-points', `Entry points ${issue.message}`);
      } else if (typeof first === 'string' && ABOUT_FIELDS.some((f) => f.id === first)) {
        if (first === 'publicationDate' && !date.ok) continue;
        add(first, `${aboutLabel(first as AboutField)} ${requiredWords(issue.message)}`);
      }
    }
  }
  return { errors, request };
}

const requiredWords = (message: string) => (/^is required/.test(message) ? 'is required' : message);

/** Which step each input is on. */
export function stepOfField(id: string): 'about' | 'entry-points' {
  return id.startsWith('ep-') || id === 'entry-points' ? 'entry-points' : 'about';
}

/** The draft list's title: the package name, else its file name. */
export function describeForm(form: PackageForm): { title: string; periodFrom: null; periodTo: null } {
  const title = form.about.name.trim() || form.about.reportPackageName.trim() || 'New report package';
  return { title, periodFrom: null, periodTo: null };
}

/** Moves the entry point at `from` by one place up (-1) or down (+1). */
export function moveEntryPoint(list: EntryPointText[], from: number, by: -1 | 1): EntryPointText[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/**
 * Which URLs are a published taxonomy a firm installs as a package, and
 * which are XBRL International's specification schemas that every XBRL
 * processor carries (Arelle ships them in its own cache). A reference to the
 * first kind that no installed package holds says which package to install;
 * the second kind is never looked for.
 */
import { ACCEPTED_TAXONOMIES } from '../validation/attachments/accepted-taxonomies.js';

/** XBRL 2.1, Dimensions, LRR, formula and friends, and W3C's own schemas: built into processors, not packaged. */
export function isSpecificationUrl(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.hostname === 'www.w3.org') return true;
  if (u.hostname !== 'www.xbrl.org' && u.hostname !== 'xbrl.org') return false;
  // The UK taxonomies of 2009 (www.xbrl.org/uk/…) and the data type registry are published taxonomies, carried in HMRC's packages.
  return !u.pathname.startsWith('/uk/') && !u.pathname.startsWith('/dtr/');
}

interface Publisher {
  matches: (u: URL) => boolean;
  words: (u: URL) => string;
}

const year = (u: URL) => /\/((?:19|20)\d\d)-\d\d-\d\d\//.exec(u.pathname)?.[1];

const PUBLISHERS: Publisher[] = [
  {
    matches: (u) => u.hostname === 'xbrl.frc.org.uk',
    words: (u) => `the FRC taxonomy suite${year(u) ? ` ${year(u)}` : ''} (Financial Reporting Council, frc.org.uk › XBRL taxonomies)`,
  },
  {
    matches: (u) => u.hostname === 'www.hmrc.gov.uk' && u.pathname.startsWith('/schemas/ct/'),
    words: (u) => `HMRC's CT computational taxonomy package${year(u) ? ` (the ${year(u)} taxonomy's)` : ''} (gov.uk › HMRC technical specifications: CT online)`,
  },
  {
    matches: (u) => (u.hostname === 'www.xbrl.org' || u.hostname === 'xbrl.org') && (u.pathname.startsWith('/uk/') || u.pathname.startsWith('/dtr/')),
    words: () => "a taxonomy package that carries the UK 2009 taxonomies and the XBRL data type registry (HMRC's CT taxonomy packages include them)",
  },
  {
    matches: (u) => u.hostname === 'xbrl.ifrs.org' || u.hostname === 'xbrl.iasb.org',
    words: (u) => `the IFRS Foundation's IFRS taxonomy${year(u) ? ` ${year(u)}` : ''} (ifrs.org › IFRS taxonomy)`,
  },
];

/**
 * The package to install for a URL of a published taxonomy: HMRC's own name
 * for it when the URL is an entry point HMRC lists as accepted, else the
 * publisher's; undefined for a URL no known publisher uses (a firm's own
 * extension, which belongs in the report package).
 */
export function packageToInstallFor(url: string): string | undefined {
  const accepted = ACCEPTED_TAXONOMIES.find((t) => t.entryPoints.some((e) => e.toLowerCase() === url.toLowerCase()));
  if (accepted) return accepted.name.split(' (')[0];
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  return PUBLISHERS.find((p) => p.matches(u))?.words(u);
}

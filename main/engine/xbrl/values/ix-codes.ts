/**
 * The codes the reference processor (Arelle) gives Inline XBRL faults: the
 * section of the Inline XBRL specification whose constraints or validation
 * rules the element's kind falls under, then the fault's name —
 * "ix11.10.1.2:contextReference" for an ix:nonFraction of Inline XBRL 1.1,
 * "ix10.9.1.2:contextReference" for one of Inline XBRL 1.0 (whose sections
 * are numbered differently). Section numbers as Arelle's XhtmlInlineUtil
 * lists them.
 */
export type IxVersion = '1.0' | '1.1';
export type IxElement = 'nonFraction' | 'nonNumeric' | 'fraction' | 'resources' | 'other';
type Sections = Record<IxElement, { constraint: string; validation: string }>;

const IX10: Sections = {
  fraction: { constraint: 'ix10.6.1.1', validation: 'ix10.6.1.2' },
  nonFraction: { constraint: 'ix10.9.1.1', validation: 'ix10.9.1.2' },
  nonNumeric: { constraint: 'ix10.10.1.1', validation: 'ix10.10.1.2' },
  resources: { constraint: 'ix10.12.1.1', validation: 'ix10.12.1.2' },
  other: { constraint: 'ix10', validation: 'ix10' },
};

const IX11: Sections = {
  fraction: { constraint: 'ix11.7.1.2', validation: 'ix11.7.1.3' },
  nonFraction: { constraint: 'ix11.10.1.1', validation: 'ix11.10.1.2' },
  nonNumeric: { constraint: 'ix11.11.1.1', validation: 'ix11.11.1.2' },
  resources: { constraint: 'ix11.14.1.1', validation: 'ix11.14.1.2' },
  other: { constraint: 'ix11', validation: 'ix11' },
};

/** The code and the specification section, as a finding carries them. */
export function ixCode(version: IxVersion, element: IxElement, sect: 'constraint' | 'validation', name: string): { code: string; spec: string } {
  const key = `${version} ${element} ${sect} ${name}`;
  let made = made_.get(key);
  if (!made) {
    const section = (version === '1.0' ? IX10 : IX11)[element][sect];
    const number = section.replace(/^ix1[01]\.?/, '');
    made = { code: `${section}:${name}`, spec: `Inline XBRL ${version}${number ? ` §${number}` : ''}` };
    made_.set(key, made);
  }
  return made;
}

/** Made once: asked for on every fact of a document with tens of thousands. */
const made_ = new Map<string, { code: string; spec: string }>();

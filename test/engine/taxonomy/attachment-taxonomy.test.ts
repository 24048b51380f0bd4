/**
 * The attachment check of a return (the wizard's attachments step) checks
 * facts against the installed taxonomy packages when it is given them: the
 * taxonomy's findings join HMRC's other checks; with none installed, a
 * warning says which package to install.
 */
import { describe, expect, it } from 'vitest';
import { TaxonomyLibrary } from '../../../main/engine/taxonomy/library.js';
import { checkAttachment } from '../../../main/engine/validation/attachments/check-attachment.js';
import { engineOperations } from '../../../main/engine-worker/engine-operations.js';
import { ct2015Sample } from './ct2015.js';
import { ct2015Library } from './ct2015-library.js';

const bytes = (s: string) => new TextEncoder().encode(s);
const taxonomyCodes = (codes: string[]) => codes.filter((c) => c.startsWith('taxonomy.'));

describe('attachments checked against the installed taxonomy', () => {
  it('no taxonomy findings for the sample with CT2015 installed; the renamed concept named once it is', () => {
    expect(taxonomyCodes(checkAttachment(bytes(ct2015Sample()), 'computations', {}, ct2015Library()).map((f) => f.code))).toEqual([]);
    const renamed = checkAttachment(bytes(ct2015Sample().replace('name="ct-comp:CompanyName"', 'name="ct-comp:NameOfCompany"')), 'computations', {}, ct2015Library());
    expect(renamed.filter((f) => f.code === 'taxonomy.conceptNotFound').map((f) => f.message)).toEqual([expect.stringMatching(/^the fact NameOfCompany /)]);
  });

  it('with nothing installed: a warning, concepts not checked', () => {
    const findings = checkAttachment(bytes(ct2015Sample()), 'computations', {}, TaxonomyLibrary.empty());
    expect(findings.filter((f) => f.code === 'taxonomy.notInstalled')).toEqual([
      { code: 'taxonomy.notInstalled', category: 'warning', install: [expect.stringMatching(/^HMRC's CT computational taxonomy package/)], message: expect.stringMatching(/^concepts not checked: install /) },
    ]);
  });

  it('without a taxonomy store (no data folder), no taxonomy finding at all', async () => {
    const findings = await engineOperations['ct600.checkAttachment'](bytes(ct2015Sample()), 'computations', {});
    expect(taxonomyCodes(findings.map((f) => f.code))).toEqual([]);
  });
});

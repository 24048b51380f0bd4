/** Returns HMRC's rules are run on in the tests: HMRC's accepted sample and returns our builder makes. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fullReturn, minimumReturn } from '../../../fixtures/ct600-requests.js';
import { sharedDir } from '../../../helpers/shared.js';
import { builtXml, richReturnXml, seedlikeSample, tpvsSample } from '../fixtures.js';

export const HMRC_SCHEMATRON = join(sharedDir, 'ct600', 'hmrc', 'CT-2014-v1-994.sch');
export const schematronText = () => readFileSync(HMRC_SCHEMATRON, 'utf8');

/** The smallest first: fail cases that create elements are tried in that order. */
export function ruleBases(): { name: string; xml: string }[] {
  return [
    { name: 'minimum return', xml: builtXml(minimumReturn()) },
    { name: 'HMRC accepted sample', xml: tpvsSample() },
    { name: 'full return', xml: builtXml(fullReturn()) },
    { name: 'rich return', xml: richReturnXml() },
    { name: 'seed-like sample', xml: seedlikeSample() },
  ];
}

/**
 * The taxonomies HMRC accepts, as its "Taxonomies accepted by HMRC" page and
 * its update history give them: a suite or computational taxonomy HMRC has
 * closed is refused for periods after its end date, one HMRC has added is
 * taken, and every entry point of an FRC suite counts (UK IFRS accounts too).
 */
import { describe, expect, it } from 'vitest';
import { ACCEPTED_TAXONOMIES, ACCEPTED_TAXONOMIES_SOURCE, taxonomyFindings } from '../../../../main/engine/validation/attachments/accepted-taxonomies.js';

const frc = (suite: string, year: number) => `https://xbrl.frc.org.uk/${suite}/${year}-01-01/${suite}-${year}-01-01.xsd`;
const comp = (year: number) => `http://www.hmrc.gov.uk/schemas/ct/comp/${year}-01-01/ct-comp-${year}.xsd`;
const period = (from: string, to: string) => ({ from, to });

describe('taxonomies HMRC accepts for the period (JFCVC 3317)', () => {
  it('closes FRC 2023 for accounts of periods ending after 31 March 2026', () => {
    expect(taxonomyFindings([frc('FRS-102', 2023)], 'accounts', period('2025-01-01', '2025-12-31'))).toEqual([]);
    const [late] = taxonomyFindings([frc('FRS-102', 2023)], 'accounts', period('2025-05-01', '2026-04-30'));
    expect(late).toMatchObject({ code: 'JFCVC.3317', boxes: ['30', '35'] });
    expect(late!.message).toMatch(/FRC 2023 .*on or before 2026-03-31; this return’s period is 2025-05-01 to 2026-04-30/);
  });

  it('closes Corporation Tax computational 2024 after 31 March 2026 and takes computational 2025 after it', () => {
    expect(taxonomyFindings([comp(2024)], 'computations', period('2025-04-01', '2026-03-31'))).toEqual([]);
    expect(taxonomyFindings([comp(2024)], 'computations', period('2025-07-01', '2026-06-30'))[0]!.message).toMatch(/Corporation Tax computational 2024 .*on or before 2026-03-31/);
    expect(taxonomyFindings([comp(2025)], 'computations', period('2025-07-01', '2026-06-30'))).toEqual([]);
  });

  it('takes every entry point of an FRC suite HMRC lists, UK IFRS and charities included', () => {
    for (const year of [2023, 2024, 2025]) {
      for (const suite of ['FRS-102', 'FRS-101', 'IFRS']) expect(taxonomyFindings([frc(suite, year)], 'accounts', period(`${year}-01-01`, `${year}-12-31`)), `${suite} ${year}`).toEqual([]);
      expect(taxonomyFindings([`https://xbrl.frc.org.uk/char/${year}-01-01/char-${year}-01-01.xsd`], 'accounts', period(`${year}-01-01`, `${year}-12-31`))).toEqual([]);
    }
  });

  it('cites HMRC’s page and its update history, with one row per suite or computational taxonomy', () => {
    expect(ACCEPTED_TAXONOMIES_SOURCE.url).toBe('https://www.gov.uk/government/publications/taxonomies-accepted-by-hm-revenue-and-customs/taxonomies-accepted-by-hmrc');
    expect(ACCEPTED_TAXONOMIES_SOURCE.notes.join(' ')).toMatch(/2 May 2025.*FRC 2025/);
    expect(ACCEPTED_TAXONOMIES_SOURCE.notes.join(' ')).toMatch(/18 February 2026.*Corporation Tax computational 2025/);
    expect(ACCEPTED_TAXONOMIES.map((t) => t.name.split(' (')[0])).toEqual([
      'FRC 2023', 'FRC 2024', 'FRC 2025', 'FRC 2026',
      'Corporation Tax computational 2021', 'Corporation Tax computational 2023', 'Corporation Tax computational 2024', 'Corporation Tax computational 2025',
    ]);
  });
});

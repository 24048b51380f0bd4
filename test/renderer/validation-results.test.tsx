// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ValidationJobResult } from '../../preload/contract.js';
import { BridgeProvider } from '../../renderer/src/bridge/bridge-context.js';
import { csvCell, toCsv, toPlainText } from '../../renderer/src/features/results/report.js';
import { ValidationResults } from '../../renderer/src/features/results/ValidationResults.js';
import { fakeMain, ok } from './fake-main.js';

const repeated = {
  category: 'error' as const,
  type: 'business-rule',
  code: '9200',
  message: 'Box 155 must equal box 145 minus box 150.',
  attributes: [{ name: 'box', value: '155' }],
};

const sample: ValidationJobResult = {
  jobStatus: 'success',
  startDateTime: '2025-01-15T14:05:00Z',
  endDateTime: '2025-01-15T14:05:01Z',
  validations: [
    {
      validationType: 0,
      validationResult: 'invalid',
      messages: [
        {
          category: 'error',
          type: 'schema',
          code: 'cvc-pattern-valid',
          message: 'Value "12,5" is not a valid "CurrencyType", it says "quoted"',
          attributes: [{ name: 'path', value: '/IRenvelope/CompanyTaxReturn/CompanyTaxCalculation/Turnover' }],
        },
      ],
    },
    { validationType: 1, validationResult: 'invalid', messages: [repeated, repeated, repeated, { ...repeated, category: 'warning', code: '9101', message: '=SUM(A1:A2) looks like a formula', attributes: [] }, { category: 'info', type: 'business-rule', code: '9000', message: 'Checked 212 rules.', attributes: [] }] },
    { validationType: 2, validationResult: 'valid', messages: [] },
  ],
};

afterEach(cleanup);

function renderResults(result = sample) {
  const main = fakeMain({ 'file.save': () => ok({ saved: true, fileName: 'return validation.csv' }) });
  render(
    <BridgeProvider bridge={main.bridge}>
      <ValidationResults result={result} subject="return.xml" thing="Return" />
    </BridgeProvider>,
  );
  return main;
}

describe('validation results', () => {
  it('shows each check’s verdict and groups messages by category then check, filtered by default with repeats counted', () => {
    renderResults();
    expect(screen.getByRole('heading', { level: 3, name: 'Return is not valid' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Checks' })).toHaveTextContent('Schema: not valid');
    expect(screen.getByRole('list', { name: 'Checks' })).toHaveTextContent('IRmark: valid');
    expect(screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['Errors (4)', 'Warnings (1)']);
    expect(screen.getAllByRole('heading', { level: 5 }).map((h) => h.textContent)).toEqual(['Schema (1)', 'Business rules (1)', 'Business rules (1)']);
    const errors = screen.getByRole('table', { name: 'Errors from the business rules check' });
    const rows = within(errors).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toBe('HMRC business rule 9200Box 155Box 155 must equal box 145 minus box 150.3');
    expect(screen.queryByText('Checked 212 rules.')).not.toBeInTheDocument();
  });

  it('names each rule in words, with its code beside them for support', () => {
    renderResults({
      ...sample,
      validations: [
        { validationType: 2, validationResult: 'valid', messages: [{ category: 'info', type: 'irmark', code: 'irmark-valid', message: 'The IRmark matches the content.', attributes: [] }] },
        { validationType: 3, validationResult: 'invalid', messages: [{ category: 'error', type: 'report-package', code: 'rpe:invalidDirectoryStructure', message: 'acme/extra.txt: a file beside the top-level directory', attributes: [] }] },
      ],
    });
    const rule = screen.getByText('rpe:invalidDirectoryStructure').closest('td')!;
    expect(rule).toHaveTextContent(/^Files not laid out as a package rpe:invalidDirectoryStructure$/);
    fireEvent.click(screen.getByRole('radio', { name: 'Every message (full)' }));
    expect(screen.getByText('irmark-valid').closest('td')).toHaveTextContent(/^IRmark matches irmark-valid$/);
    expect(screen.getAllByRole('columnheader', { name: 'Rule' }).length).toBeGreaterThan(0);
  });

  it('writes a rate in a message as 21%, and keeps the check’s own 21.00% in the CSV', () => {
    const rated: ValidationJobResult = {
      ...sample,
      validations: [{ validationType: 1, validationResult: 'invalid', messages: [{ ...repeated, message: 'Rule 9200: rate 21.00% is not allowed for financial year 2024' }] }],
    };
    renderResults(rated);
    expect(screen.getByText('Rule 9200: rate 21% is not allowed for financial year 2024')).toBeInTheDocument();
    expect(toCsv(rated, 'filtered')).toContain('rate 21.00% is not allowed');
  });

  it('the full view lists every message, information included, without counts', () => {
    renderResults();
    fireEvent.click(screen.getByRole('radio', { name: 'Every message (full)' }));
    expect(screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['Errors (4)', 'Warnings (1)', 'Information (1)']);
    expect(within(screen.getByRole('table', { name: 'Errors from the business rules check' })).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('Checked 212 rules.')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Times' })).not.toBeInTheDocument();
  });

  it('writes CSV with a header, RFC 4180 quoting and formula cells made harmless', () => {
    expect(toCsv(sample, 'filtered')).toBe(
      [
        'Check,Category,Code,Box or entry,Message,Occurrences',
        'Schema,Error,cvc-pattern-valid,/IRenvelope/CompanyTaxReturn/CompanyTaxCalculation/Turnover,"Value ""12,5"" is not a valid ""CurrencyType"", it says ""quoted""",1',
        'Business rules,Error,9200,Box 155,Box 155 must equal box 145 minus box 150.,3',
        "Business rules,Warning,9101,,'=SUM(A1:A2) looks like a formula,1",
        '',
      ].join('\r\n'),
    );
    expect(csvCell('+44 20')).toBe("'+44 20");
    // A plain whole number stays a number; a formula starting with - does not.
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell('-5+cmd')).toBe("'-5+cmd");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('quotes CSV cells holding a semicolon, so a semicolon-separated spreadsheet never splits a formula out of one', () => {
    expect(csvCell('x;=1+1')).toBe('"x;=1+1"');
    expect(csvCell('=1;2')).toBe(`"'=1;2"`);
    expect(csvCell('-1;@SUM(A1)')).toBe(`"'-1;@SUM(A1)"`);
    const withSemicolon = { ...sample, validations: [{ ...sample.validations[0]!, messages: [{ ...sample.validations[0]!.messages[0]!, message: 'see x;=HYPERLINK("http://evil")' }] }] };
    expect(toCsv(withSemicolon, 'full')).toContain('"see x;=HYPERLINK(""http://evil"")"');
  });

  it('exports the shown view as CSV through main', async () => {
    const { called } = renderResults();
    fireEvent.click(screen.getByRole('button', { name: 'Export as CSV…' }));
    expect(await screen.findByText('Saved return validation.csv.')).toBeInTheDocument();
    expect(called('file.save')).toEqual([{ kind: 'validation-csv', suggestedName: 'return validation', contents: toCsv(sample, 'filtered') }]);
  });

  it('copies plain text to the clipboard, and says what to do when the clipboard refuses', async () => {
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderResults();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied the results to the clipboard.')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(toPlainText('return.xml', sample, 'filtered'));
    expect(writeText.mock.calls[0]![0]).toContain('    9200 [Box 155]: Box 155 must equal box 145 minus box 150. (3 times)');
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The clipboard refused the text. Use Export as CSV instead');
  });

  it("leaves out of a schema message the path its Box or entry column already shows, and keeps it where the column shows the box", () => {
    const turnover = '/GovTalkMessage/Body/IRenvelope/CompanyTaxReturn/CompanyTaxCalculation/Turnover/Total';
    const name = '/GovTalkMessage/Body/IRenvelope/CompanyTaxReturn/CompanyInformation/CompanyName';
    const result: ValidationJobResult = {
      ...sample,
      validations: [
        {
          validationType: 0,
          validationResult: 'invalid',
          messages: [
            { category: 'error', type: 'schema', code: 'invalid-value', message: `${turnover}: "12,5" is not a number`, attributes: [{ name: 'path', value: turnover }] },
            { category: 'error', type: 'schema', code: 'invalid-value', message: `${name} (box 1): must be 2–56 characters long`, attributes: [{ name: 'path', value: name }, { name: 'box', value: '1' }] },
          ],
        },
      ],
    };
    renderResults(result);
    const rows = within(screen.getByRole('table', { name: 'Errors from the schema check' })).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].slice(1, 3).map((td) => td.textContent))).toEqual([
      [turnover, '"12,5" is not a number'],
      ['Box 1', `${name} (box 1): must be 2–56 characters long`],
    ]);
    expect(toPlainText('Return', result, 'full')).toContain(`invalid-value [${turnover}]: "12,5" is not a number\n`);
  });

  it('says a valid result is valid', () => {
    renderResults({ ...sample, validations: [{ validationType: 3, validationResult: 'valid', messages: [] }] });
    expect(screen.getByRole('heading', { name: 'Return is valid' })).toBeInTheDocument();
    expect(screen.getByText('No errors or warnings.')).toBeInTheDocument();
  });
});

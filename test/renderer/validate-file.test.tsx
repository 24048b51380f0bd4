// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ValidationJobResult } from '../../preload/contract.js';
import { App } from '../../renderer/src/App.js';
import { useNavigation } from '../../renderer/src/store/navigation.js';
import { blankSettings, fakeMain } from './fake-main.js';
import { resetWindow } from './reset-window.js';

function dropOn(zone: HTMLElement, file: File) {
  fireEvent.dragEnter(zone, { dataTransfer: { files: [file], types: ['Files'] } });
  fireEvent.dragOver(zone, { dataTransfer: { files: [file], types: ['Files'] } });
  fireEvent.drop(zone, { dataTransfer: { files: [file], types: ['Files'] } });
}

const xml = '<?xml version="1.0"?><GovTalkMessage xmlns="http://www.govtalk.gov.uk/CM/envelope"/>';

/** The full local job on a return whose IRmark is right but whose figures break a rule, with a warning repeated. */
const jobWithRuleErrors: ValidationJobResult = {
  jobStatus: 'success',
  startDateTime: null,
  endDateTime: null,
  validations: [
    { validationType: 0, validationResult: 'valid', messages: [] },
    {
      validationType: 1,
      validationResult: 'invalid',
      messages: [
        { category: 'error', type: 'business-rule', code: '9200', message: 'Box 155 must equal box 145 minus box 150.', attributes: [{ name: 'box', value: '155' }] },
        { category: 'warning', type: 'business-rule', code: '9144', message: 'Box 435 differs from the marginal relief worked out from the figures.', attributes: [{ name: 'box', value: '435' }] },
        { category: 'warning', type: 'business-rule', code: '9144', message: 'Box 435 differs from the marginal relief worked out from the figures.', attributes: [{ name: 'box', value: '435' }] },
      ],
    },
    { validationType: 2, validationResult: 'valid', messages: [] },
  ],
};

beforeEach(() => {
  resetWindow();
  useNavigation.setState({ section: 'validate' });
});
afterEach(cleanup);

describe('Validate a file', () => {
  it('runs the full local job on a dropped CT600 return, sent as bytes, and shows its results beside the IRmark verdict', async () => {
    const { bridge, calls } = fakeMain({
      'ct600.validate': () => ({ ok: true, value: jobWithRuleErrors }),
      'ct600.verify': () => ({
        ok: true,
        value: { expected: 'YrgW02ybxWOff7gHrELynhp1gRw=', expectedBase32: 'MK4BNU3MTPCWHH37XAD2YQXSTYNHLAI4', found: 'YrgW02ybxWOff7gHrELynhp1gRw=', matches: true },
      }),
    });
    render(<App bridge={bridge} />);
    dropOn(screen.getByRole('region', { name: 'Drop a file to check' }), new File([xml], 'return.xml', { type: 'text/xml' }));

    expect(await screen.findByRole('heading', { name: 'IRmark matches' })).toBeInTheDocument();
    const verify = calls.find((c) => c.channel === 'ct600.verify');
    const sent = verify?.request as { fileName: string; bytes: Uint8Array };
    expect(sent.fileName).toBe('return.xml');
    // Bytes, not text: the file travels as a Uint8Array (compared by value; jsdom has its own realm).
    expect(Object.prototype.toString.call(sent.bytes)).toBe('[object Uint8Array]');
    expect(Array.from(sent.bytes)).toEqual(Array.from(Buffer.from(xml, 'utf8')));
    const result = screen.getByRole('status');
    expect(within(result).getByText('MK4BNU3MTPCWHH37XAD2YQXSTYNHLAI4')).toBeInTheDocument();
    expect(within(result).getByText('return.xml')).toBeInTheDocument();
    // The full job: schema, business rules and IRmark, by category then check, repeats counted.
    expect(within(result).getByRole('heading', { name: 'Return is not valid' })).toBeInTheDocument();
    expect(within(result).getByRole('list', { name: 'Checks' })).toHaveTextContent('Schema: validBusiness rules: not validIRmark: valid');
    expect(within(result).getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['Errors (1)', 'Warnings (2)']);
    const warnings = within(result).getByRole('table', { name: 'Warnings from the business rules check' });
    expect(within(warnings).getAllByRole('row')[1]!.textContent).toBe('HMRC business rule 9144Box 435Box 435 differs from the marginal relief worked out from the figures.2');
    const validate = calls.find((c) => c.channel === 'ct600.validate')?.request as { fileName: string; bytes: Uint8Array };
    expect(validate.fileName).toBe('return.xml');
    expect(Array.from(validate.bytes)).toEqual(Array.from(Buffer.from(xml, 'utf8')));
  });

  it('shows the IRmark check’s messages when the mark is broken', async () => {
    const { bridge } = fakeMain({
      'ct600.validate': () => ({
        ok: true,
        value: {
          jobStatus: 'success',
          startDateTime: null,
          endDateTime: null,
          validations: [
            { validationType: 0, validationResult: 'valid', messages: [] },
            { validationType: 1, validationResult: 'valid', messages: [] },
            {
              validationType: 2,
              validationResult: 'invalid',
              messages: [{ category: 'error', type: 'irmark', code: 'irmark-mismatch', message: 'The IRmark in the document is FOUND= but its content gives EXPECTED=.', attributes: [{ name: 'path', value: '/GovTalkMessage/Body/IRenvelope/IRheader/IRmark' }] }],
            },
          ],
        },
      }),
      'ct600.verify': () => ({ ok: true, value: { expected: 'EXPECTED=', expectedBase32: 'B32', found: 'FOUND=', matches: false } }),
    });
    render(<App bridge={bridge} />);
    dropOn(screen.getByTestId('drop-zone'), new File([xml], 'changed.xml'));
    expect(await screen.findByRole('heading', { name: 'Return is not valid' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'IRmark does not match' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Errors from the IRmark check' });
    expect(table).toHaveTextContent('irmark-mismatch');
    expect(table).toHaveTextContent('/GovTalkMessage/Body/IRenvelope/IRheader/IRmark');
    expect(table).toHaveTextContent('The IRmark in the document is FOUND= but its content gives EXPECTED=.');
  });

  it('still shows the IRmark verdict, and says so in words, when the full checks could not run', async () => {
    const { bridge } = fakeMain({
      'ct600.validate': () => ({ ok: false, error: { code: 'internal', message: 'Something went wrong inside Filing Desk; the details are in its log.' } }),
      'ct600.verify': () => ({ ok: true, value: { expected: 'E=', expectedBase32: 'B', found: 'E=', matches: true } }),
    });
    render(<App bridge={bridge} />);
    dropOn(screen.getByTestId('drop-zone'), new File([xml], 'r.xml'));
    expect(await screen.findByRole('heading', { name: 'IRmark matches' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Could not run the full checksSomething went wrong inside Filing Desk; the details are in its log.');
  });

  it('shows expected versus found when the mark does not match', async () => {
    const { bridge } = fakeMain({
      'ct600.validate': () => ({ ok: true, value: jobWithRuleErrors }),
      'ct600.verify': () => ({ ok: true, value: { expected: 'EXPECTED=', expectedBase32: 'B32', found: 'FOUND=', matches: false } }),
    });
    render(<App bridge={bridge} />);
    dropOn(screen.getByTestId('drop-zone'), new File([xml], 'old.XML'));
    expect(await screen.findByRole('heading', { name: 'IRmark does not match' })).toBeInTheDocument();
    expect(screen.getByText('EXPECTED=')).toBeInTheDocument();
    expect(screen.getByText('FOUND=')).toBeInTheDocument();
  });

  it('validates a chosen package (the keyboard path) and lists each message with its code and entry', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 9, 9]);
    const { bridge, calls } = fakeMain({
      'package.validate': () => ({
        ok: true,
        value: {
          jobStatus: 'success',
          startDateTime: null,
          endDateTime: null,
          validations: [
            {
              validationType: 3,
              validationResult: 'invalid',
              messages: [
                {
                  category: 'error',
                  type: 'report-package',
                  code: 'rpe:invalidDirectoryStructure',
                  message: 'The entry escapes the package.',
                  attributes: [{ name: 'entry', value: 'pkg/../evil.xhtml' }],
                },
              ],
            },
          ],
        },
      }),
    });
    render(<App bridge={bridge} />);
    const chooser = screen.getByRole('button', { name: 'Choose a file…' });
    chooser.focus();
    expect(chooser).toHaveFocus();
    fireEvent.change(screen.getByLabelText('Choose a file to check'), { target: { files: [new File([zip], 'accounts.xbri')] } });

    expect(await screen.findByRole('heading', { name: 'Package is not valid' })).toBeInTheDocument();
    expect(screen.getByText('rpe:invalidDirectoryStructure')).toBeInTheDocument();
    expect(screen.getByText('pkg/../evil.xhtml')).toBeInTheDocument();
    expect(calls.find((c) => c.channel === 'package.validate')?.request).toEqual({ fileName: 'accounts.xbri', bytes: zip });
  });

  it("shows main's field errors when the file is refused", async () => {
    const refused = () => ({
      ok: false as const,
      error: { code: 'invalid-request' as const, message: 'The request is not valid', field: 'bytes', errors: [{ field: 'bytes', message: 'the file is 31.0 MB; a CT600 return may be at most 30 MB' }] },
    });
    const { bridge } = fakeMain({ 'ct600.validate': refused, 'ct600.verify': refused });
    render(<App bridge={bridge} />);
    dropOn(screen.getByTestId('drop-zone'), new File([xml], 'big.xml'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not check this file')).toBeInTheDocument();
    expect(within(alert).getByText('bytes')).toBeInTheDocument();
    expect(alert).toHaveTextContent('the file is 31.0 MB; a CT600 return may be at most 30 MB');
  });

  it('refuses a CT600 file over its 30 MB limit before reading or sending it, naming the limit', async () => {
    const { bridge, calls } = fakeMain({});
    render(<App bridge={bridge} />);
    const big = new File([new Uint8Array(31 * 1024 * 1024)], 'huge.xml');
    dropOn(screen.getByTestId('drop-zone'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'huge.xml is 31 MB; Filing Desk checks CT600 returns up to 30 MB (HMRC accepts messages up to 25 MB).',
    );
    expect(calls.map((c) => c.channel)).toEqual(['app.info']);
  });

  it('sends a package of the same size: packages may be up to 256 MB', async () => {
    const { bridge, calls } = fakeMain({
      'package.validate': () => ({ ok: true, value: { jobStatus: 'success', startDateTime: null, endDateTime: null, validations: [] } }),
    });
    render(<App bridge={bridge} />);
    dropOn(screen.getByTestId('drop-zone'), new File([new Uint8Array(31 * 1024 * 1024)], 'big.xbri'));
    expect(await screen.findByRole('heading', { name: 'Package is not valid' })).toBeInTheDocument();
    expect(calls.map((c) => c.channel)).toEqual(['app.info', 'package.validate']);
  });

  it('refuses a file it cannot check without sending it to main', async () => {
    const { bridge, calls } = fakeMain({});
    render(<App bridge={bridge} />);
    dropOn(screen.getByTestId('drop-zone'), new File(['hello'], 'notes.txt'));
    expect(await screen.findByRole('alert')).toHaveTextContent('notes.txt is not a file Filing Desk can check');
    expect(calls.map((c) => c.channel)).toEqual(['app.info']);
  });
});

describe('app frame', () => {
  it('navigates with buttons, marks the current section, and shows the connection status', async () => {
    const { bridge } = fakeMain({ 'settings.get': () => ({ ok: true, value: blankSettings }) });
    render(<App bridge={bridge} />);
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    // The Menu button first (shown only in a narrow window, where it folds the sections away), then the sections.
    expect(within(nav).getAllByRole('button').map((b) => b.textContent)).toEqual(['Menu', 'Start', 'Deadlines', 'Clients', 'Accounts', 'Validate a file', 'Verify a file', 'Settings', 'Outbox']);
    expect(within(nav).getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-controls', 'sections-menu');
    expect(within(nav).getByRole('button', { name: 'Validate a file' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(within(nav).getByRole('button', { name: /Settings/ }));
    // Settings loads when first opened.
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Filing service' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Connection to the filing service' })).toHaveTextContent('OfflineThe filing service is not set up.');
    expect(within(nav).getByRole('button', { name: /Settings/ })).toHaveAttribute('aria-current', 'page');
    // Focus moves to the new content, as after a page load.
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#content');
    await waitFor(() => expect(screen.getByText(/version 0\.1\.0/)).toBeInTheDocument());
  });
});

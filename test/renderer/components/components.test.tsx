// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateInput, type DateParts } from '../../../renderer/src/components/DateInput.js';
import { ErrorSummary } from '../../../renderer/src/components/ErrorSummary.js';
import { FileDropZone } from '../../../renderer/src/components/FileDropZone.js';
import { MoneyInput } from '../../../renderer/src/components/MoneyInput.js';
import { RateInput } from '../../../renderer/src/components/RateInput.js';
import { TaskList } from '../../../renderer/src/components/TaskList.js';

afterEach(cleanup);

describe('DateInput', () => {
  function Dated({ error, onChange }: { error?: string; onChange?: (v: DateParts) => void }) {
    const [value, setValue] = useState<DateParts>({ day: '', month: '', year: '' });
    return (
      <DateInput
        id="periodFrom"
        label="Start of the return period"
        box="30"
        hmrc="Period covered by this return – from"
        hint="For example, 1 4 2024"
        error={error}
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange?.(v);
        }}
      />
    );
  }

  it('is a group named by its label and box, described by HMRC’s words, the hint and the error', () => {
    render(<Dated error="Enter the date the period starts" />);
    const group = screen.getByRole('group', { name: 'Start of the return period (box 30)' });
    expect(group).toHaveAccessibleDescription('HMRC box 30: “Period covered by this return – from”. For example, 1 4 2024 Enter the date the period starts');
    for (const part of ['Day', 'Month', 'Year']) expect(within(group).getByLabelText(part)).toHaveAttribute('aria-invalid', 'true');
    // The day box carries the field's id, so an error link lands on it.
    expect(within(group).getByLabelText('Day')).toHaveAttribute('id', 'periodFrom');
  });

  it('keeps what is typed in each box and offers a calendar button named for the field', () => {
    const changes: DateParts[] = [];
    render(<Dated onChange={(v) => changes.push(v)} />);
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '2024' } });
    expect(changes.at(-1)).toEqual({ day: '1', month: '4', year: '2024' });
    expect(screen.getByLabelText('Day')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('button', { name: 'Choose the start of the return period from a calendar' })).toBeInTheDocument();
    expect(screen.getByRole('group')).not.toHaveAccessibleDescription(expect.stringContaining('Enter'));
  });

  it('opens its calendar with the focus on the chosen date, where the arrow keys move it at once', async () => {
    const changes: DateParts[] = [];
    function Held() {
      const [value, setValue] = useState<DateParts>({ day: '14', month: '3', year: '2025' });
      return <DateInput id="periodFrom" label="Start of the return period" box="30" value={value} onChange={(v) => (changes.push(v), setValue(v))} />;
    }
    render(<Held />);
    fireEvent.click(screen.getByRole('button', { name: 'Choose the start of the return period from a calendar' }));
    await waitFor(() => expect(document.activeElement?.closest('[role="gridcell"]')).not.toBeNull());
    expect(document.activeElement).toHaveAccessibleName(expect.stringContaining('14 March 2025'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(expect.stringContaining('15 March 2025')));
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    fireEvent.keyUp(document.activeElement!, { key: 'Enter' });
    await waitFor(() => expect(changes.at(-1)).toEqual({ day: '15', month: '3', year: '2025' }));
  });
});

describe('MoneyInput', () => {
  it('is labelled with its box, shows £ outside the accessible name and ties hint and error to the input', () => {
    const onChange = vi.fn();
    const onBlur = vi.fn();
    render(<MoneyInput id="turnover" label="Turnover" box="145" hmrc="Total turnover from trade" hint="Whole pounds" error="Turnover must not be negative (box 145)" kind="whole-pounds" value="-5000" onChange={onChange} onBlur={onBlur} />);
    const input = screen.getByLabelText('Turnover (box 145)');
    expect(input).toHaveValue('-5,000');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', 'turnover-hint turnover-error');
    expect(input).toHaveAccessibleDescription('HMRC box 145: “Total turnover from trade”. Whole pounds Turnover must not be negative (box 145)');
    expect(screen.getByText('£')).toHaveAttribute('aria-hidden', 'true');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '12,500.00' } });
    expect(onChange).toHaveBeenCalledWith('12,500.00');
    fireEvent.blur(input);
    expect(onBlur).toHaveBeenCalled();
  });

  /** The wizard's part: the draft holds what the input hands up. */
  function Held({ kind, initial }: { kind: 'whole-pounds' | 'pence'; initial: string }) {
    const [value, setValue] = useState(initial);
    return (
      <>
        <MoneyInput id="figure" label="Figure" kind={kind} value={value} onChange={setValue} />
        <output data-testid="held">{value}</output>
      </>
    );
  }

  it('shows the typed figure formatted once the field loses focus, and keeps the machine form in the draft', () => {
    render(<Held kind="whole-pounds" initial="" />);
    const input = screen.getByLabelText('Figure');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '£250000' } });
    expect(input).toHaveValue('£250000');
    fireEvent.blur(input);
    expect(input).toHaveValue('250,000');
    expect(screen.getByTestId('held')).toHaveTextContent('250000');
    // Editing again starts from the figure shown; commas and spaces are read back.
    fireEvent.focus(input);
    expect(input).toHaveValue('250,000');
    fireEvent.change(input, { target: { value: '1 250,000' } });
    fireEvent.blur(input);
    expect(input).toHaveValue('1,250,000');
    expect(screen.getByTestId('held')).toHaveTextContent(/^1250000$/);
  });

  it('shows pence in a pence box, and leaves text that is not an amount as typed for its error', () => {
    render(<Held kind="pence" initial="7600" />);
    const input = screen.getByLabelText('Figure');
    expect(input).toHaveValue('7,600.00');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '-1234.5' } });
    fireEvent.blur(input);
    expect(input).toHaveValue('-1,234.50');
    expect(screen.getByTestId('held')).toHaveTextContent('-1234.50');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '12 pounds' } });
    fireEvent.blur(input);
    expect(input).toHaveValue('12 pounds');
    expect(screen.getByTestId('held')).toHaveTextContent('12 pounds');
  });

  it('has no error state and no error in its description when the amount is fine', () => {
    render(<MoneyInput id="turnover" label="Turnover" box="145" kind="whole-pounds" value="250,000" onChange={() => undefined} />);
    const input = screen.getByLabelText('Turnover (box 145)');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });
});

describe('RateInput', () => {
  it('shows % after the rate, outside the accessible name, and is not a money box', () => {
    render(<RateInput id="fy1Rate" label="Rate of tax" box="340" value="19" onChange={() => undefined} />);
    const input = screen.getByLabelText('Rate of tax (box 340)');
    expect(input).toHaveValue('19');
    expect(input).not.toHaveClass('money__input');
    expect(screen.getByText('%')).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('ErrorSummary', () => {
  const errors = [
    { fieldId: 'utr', message: 'Unique Taxpayer Reference (UTR) must be the 10-digit UTR (box 3)' },
    { fieldId: 'turnover', message: 'Turnover must not be negative (box 145)' },
  ];

  it('is an alert that takes focus when it appears after Continue, with one link per problem', () => {
    const { rerender } = render(<ErrorSummary errors={errors} focusKey={0} onSelect={() => undefined} />);
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).not.toHaveFocus();
    rerender(<ErrorSummary errors={errors} focusKey={1} onSelect={() => undefined} />);
    expect(summary).toHaveFocus();
    expect(within(summary).getAllByRole('link').map((a) => a.textContent)).toEqual(errors.map((e) => e.message));
  });

  it('moves to the field by keyboard: Enter on a link selects its field', () => {
    const onSelect = vi.fn();
    render(<ErrorSummary errors={errors} focusKey={1} onSelect={onSelect} />);
    const link = screen.getByRole('link', { name: 'Turnover must not be negative (box 145)' });
    expect(link).toHaveAttribute('href', '#turnover');
    link.focus();
    fireEvent.click(link); // Enter on a focused link is a click
    expect(onSelect).toHaveBeenCalledWith('turnover');
  });

  it('draws nothing when there is no problem', () => {
    const { container } = render(<ErrorSummary errors={[]} focusKey={1} onSelect={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('TaskList', () => {
  const tasks = [
    { id: 'company', title: 'Company and period', status: 'Completed' as const },
    { id: 'profits', title: 'Profits and tax', status: 'Has errors' as const, problems: 2 },
    { id: 'check', title: 'Check your answers and build', status: 'Cannot start yet' as const },
  ];

  it('is a named navigation of buttons, each described by its status, the current one marked', () => {
    render(<TaskList label="Steps of this return" tasks={tasks} current="profits" onSelect={() => undefined} />);
    const nav = screen.getByRole('navigation', { name: 'Steps of this return' });
    const profits = within(nav).getByRole('button', { name: 'Profits and tax' });
    expect(profits).toHaveAttribute('aria-current', 'step');
    expect(profits).toHaveAccessibleDescription('Has errors 2 to fix');
    expect(within(nav).getByRole('button', { name: 'Company and period' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('button', { name: 'Company and period' })).toHaveAccessibleDescription('Completed');
  });

  it('lets every step be reached in any order by keyboard', () => {
    const onSelect = vi.fn();
    render(<TaskList label="Steps" tasks={tasks} current="company" onSelect={onSelect} />);
    const check = screen.getByRole('button', { name: 'Check your answers and build' });
    check.focus();
    expect(check).toHaveFocus();
    fireEvent.click(check);
    expect(onSelect).toHaveBeenCalledWith('check');
  });
});

describe('FileDropZone', () => {
  it('is named by its label, keeps the hint visible, and offers a keyboard file picker', () => {
    render(<FileDropZone label="Drop the accounts here" hint="Inline XBRL (.xhtml or .html)." acceptedTypes={['.xhtml', '.html']} allowsMultiple onFiles={() => undefined} testId="drop-accounts" />);
    const zone = screen.getByTestId('drop-accounts');
    expect(zone).toHaveTextContent('Inline XBRL (.xhtml or .html).');
    const picker = screen.getByRole('button', { name: 'Choose files…' });
    picker.focus();
    expect(picker).toHaveFocus();
    const input = zone.querySelector('input[type="file"]')!;
    expect(input).toHaveAttribute('accept', '.xhtml,.html');
    expect(input).toHaveAttribute('multiple');
  });

  it('hands over the chosen files unread', () => {
    const onFiles = vi.fn();
    render(<FileDropZone label="Drop the computations here" hint="Inline XBRL." acceptedTypes={['.xhtml']} allowsMultiple={false} onFiles={onFiles} testId="drop-computations" />);
    expect(screen.getByRole('button', { name: 'Choose a file…' })).toBeInTheDocument();
    const file = new File(['<html/>'], 'computations.xhtml');
    const input = screen.getByTestId('drop-computations').querySelector('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [file] } });
    expect(onFiles).toHaveBeenCalledWith([file]);
  });

  it('refuses files while disabled: the picker cannot be used', () => {
    render(<FileDropZone label="Drop the accounts here" hint="Inline XBRL." acceptedTypes={['.xhtml']} allowsMultiple isDisabled onFiles={() => undefined} testId="drop-accounts" />);
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const opened = vi.spyOn(picker, 'click');
    fireEvent.click(screen.getByRole('button', { name: 'Choose files…' }));
    expect(screen.getByRole('button', { name: 'Choose files…' })).toHaveAttribute('aria-disabled', 'true');
    expect(opened).not.toHaveBeenCalled();
  });

  it('keeps the focus on its button while files are added, says what it is doing, and opens no picker meanwhile', () => {
    const props = { label: 'Drop the accounts here', hint: 'Inline XBRL.', acceptedTypes: ['.xhtml'], allowsMultiple: true, onFiles: () => undefined };
    const { rerender } = render(<FileDropZone {...props} busy={null} />);
    const button = screen.getByRole('button', { name: 'Choose files…' });
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const opened = vi.spyOn(picker, 'click').mockImplementation(() => undefined);
    button.focus();
    fireEvent.click(button);
    expect(opened).toHaveBeenCalledTimes(1);
    rerender(<FileDropZone {...props} busy="Adding accounts.xhtml…" />);
    expect(button).toHaveFocus();
    expect(button).not.toBeDisabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Adding accounts.xhtml…');
    fireEvent.click(button);
    expect(opened).toHaveBeenCalledTimes(1);
    rerender(<FileDropZone {...props} busy={null} />);
    expect(button).toHaveFocus();
    expect(button).not.toHaveAttribute('aria-disabled');
  });
});

// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorSummary } from '../../../renderer/src/components/ErrorSummary.js';

afterEach(cleanup);

describe('ErrorSummary on a screen with another', () => {
  it('is named by its own title, with no id shared with the other summary', () => {
    render(
      <>
        <ErrorSummary errors={[{ fieldId: 'utr', message: 'Unique Taxpayer Reference (UTR) must be the 10-digit UTR (box 3)' }]} focusKey={0} onSelect={() => undefined} />
        <ErrorSummary errors={[{ fieldId: 'client-name', message: 'Enter the company name' }]} focusKey={0} onSelect={() => undefined} />
      </>,
    );
    const summaries = screen.getAllByRole('alert', { name: 'There is a problem' });
    expect(summaries).toHaveLength(2);
    const titles = summaries.map((s) => s.getAttribute('aria-labelledby'));
    expect(new Set(titles).size).toBe(2);
    summaries.forEach((summary, i) => expect(summary.querySelector('h2')).toHaveAttribute('id', titles[i]!));
  });
});

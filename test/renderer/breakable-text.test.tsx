// @vitest-environment jsdom
/** Paths in result tables break between their steps, never inside a name. */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BreakableText } from '../../renderer/src/components/BreakableText.js';

describe('BreakableText', () => {
  it('offers a line break after each "/" and keeps the text as it was', () => {
    const { container } = render(<BreakableText text="/GovTalkMessage/Body/IRenvelope: too long" />);
    expect(container.textContent).toBe('/GovTalkMessage/Body/IRenvelope: too long');
    expect(container.innerHTML).toBe('/<wbr>GovTalkMessage/<wbr>Body/<wbr>IRenvelope: too long');
  });

  it('leaves text without a "/" alone', () => {
    const { container } = render(<BreakableText text="Box 145" />);
    expect(container.innerHTML).toBe('Box 145');
  });
});

import { describe, expect, it } from 'vitest';
import { hmrcFilingWords } from '../../../renderer/src/features/filing/HmrcFilingStatus.js';
import type { SubmissionView } from '../../../renderer/src/features/filing/filing-types.js';

const view = (state: SubmissionView['state']) => ({ state }) as SubmissionView;

describe('filing with HMRC in the side bar', () => {
  it('says what HMRC filing is doing in its own words, never the filing service’s', () => {
    expect(hmrcFilingWords([])).toEqual({ word: 'Nothing being filed', message: 'No return is with HMRC right now.' });
    expect(hmrcFilingWords([view('waiting')])).toEqual({ word: '1 return being filed', message: "1 return waiting for HMRC's answer. Never sent twice." });
    const three = hmrcFilingWords([view('sent'), view('waiting'), view('unknown')]);
    expect(three.word).toBe('3 returns being filed');
    expect(three.message).toBe("1 return being sent, 1 return waiting for HMRC's answer, 1 return whose outcome is not known yet. Never sent twice.");
    for (const words of [three, hmrcFilingWords([])]) expect(`${words.word} ${words.message}`).not.toMatch(/filing service|Offline/);
  });
});

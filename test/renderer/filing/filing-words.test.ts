import { describe, expect, it } from 'vitest';
import { groupedBase32, passwordKept, pounds, progressLine, receiptTime, secondsUntil, spacedUtr } from '../../../renderer/src/features/filing/filing-words.js';

describe('Filing in words', () => {
  it('states HMRC’s acceptance time as a receipt does', () => {
    expect(receiptTime(new Date(2026, 10, 24, 20, 42, 59).toISOString())).toBe('24 November 2026 at 20:42');
    expect(receiptTime(new Date(2027, 0, 5, 9, 3).toISOString())).toBe('5 January 2027 at 09:03');
    expect(receiptTime('not a time')).toBe('not a time');
  });

  it('counts down to the next check in whole seconds and keeps the count out of the words a screen reader hears', () => {
    const now = new Date('2026-11-24T20:42:00.000Z');
    expect(secondsUntil('2026-11-24T20:42:09.200Z', now)).toBe(10);
    expect(secondsUntil('2026-11-24T20:41:00.000Z', now)).toBe(0);
    expect(secondsUntil(null, now)).toBeNull();
    expect(progressLine({ state: 'waiting', nextCheckAt: '2026-11-24T20:42:09.200Z' }, now)).toBe('HMRC has the return and is checking it. Next check in 10 s.');
    expect(progressLine({ state: 'sent', nextCheckAt: null }, now)).toBe('Sent. Waiting for HMRC to acknowledge it…');
  });

  it('writes the IRmark, UTR and money as HMRC and bookkeepers do', () => {
    expect(groupedBase32('RQ3BYV6KLHIX6MCXURKL7NUY6VUYZPL5')).toBe('RQ3B YV6K LHIX 6MCX URKL 7NUY 6VUY ZPL5');
    expect(spacedUtr('1234567890')).toBe('12345 67890');
    expect(spacedUtr('123')).toBe('123');
    expect(pounds('7600.00')).toBe('£7,600.00');
    expect(pounds('0')).toBe('£0.00');
    expect(pounds(null)).toBe('None');
  });

  it('says where the Government Gateway password is kept as a sentence that reads', () => {
    expect(passwordKept('the system keychain')).toBe('in the system keychain.');
    expect(passwordKept('No OS keychain is available: secrets are kept in memory for this session only.')).toBe(
      'for now. No OS keychain is available: secrets are kept in memory for this session only.',
    );
  });
});

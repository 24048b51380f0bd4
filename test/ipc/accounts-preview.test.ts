import { describe, expect, it } from 'vitest';
import { previewNodes } from '../../main/ipc/accounts-preview.js';

const doc = (body: string) =>
  new TextEncoder().encode(
    `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"><head><title>T</title><style>p{}</style><script>alert(1)</script></head><body>${body}</body></html>`,
  );

describe('the accounts preview', () => {
  it('keeps the words, headings and tables, and nothing of the markup that could run or load', () => {
    const nodes = previewNodes(
      doc(`<div style="display:none"><ix:header><ix:hidden>secret</ix:hidden></ix:header></div>
        <h1 onclick="x()">Acme Ltd</h1><script>alert(2)</script><img src="http://example.com/x.png"/><a href="http://example.com">link text</a>
        <table>
          <tr><th>Fixed assets</th><td><ix:nonFraction name="core:FixedAssets" contextRef="c" unitRef="GBP" decimals="0">13,500</ix:nonFraction></td></tr>
          <tr><td colspan="2">Note</td></tr>
          <tr><th> </th><th>2026</th></tr>
        </table>`),
    );
    expect(nodes.filter((n) => typeof n !== 'string' || n.trim())).toEqual([
      { tag: 'h1', children: ['Acme Ltd'] },
      'link text',
      {
        tag: 'table',
        children: [
          {
            tag: 'tbody',
            children: [
              { tag: 'tr', children: [{ tag: 'th', children: ['Fixed assets'] }, { tag: 'td', numeric: true, children: ['13,500'] }] },
              { tag: 'tr', children: [{ tag: 'td', colSpan: 2, children: ['Note'] }] },
              { tag: 'tr', children: [{ tag: 'td', children: [' '] }, { tag: 'th', children: ['2026'] }] },
            ],
          },
        ],
      },
    ]);
    expect(JSON.stringify(nodes)).not.toMatch(/secret|alert|example\.com|onclick/);
  });

  it('refuses a document that is not XML, in words', () => {
    expect(() => previewNodes(new TextEncoder().encode('<html><body><p>unclosed'))).toThrow(/could not be read for the preview/);
  });
});

/**
 * The edits the per-rule fail cases are recorded as: each names what it
 * changes by the rule's own paths, and a replay makes exactly that change.
 */
import { DOMParser, type Document } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { edited } from './edits.js';
import { pathsNamedIn, valuesNamedIn } from './mutations.js';

const NS = { ct: 'urn:ct' };
const doc = () => new DOMParser().parseFromString('<r xmlns="urn:ct"><A><B>1</B></A><C/></r>', 'text/xml') as unknown as Document;
const text = (d: Document | undefined) => d?.toString().replace(' xmlns="urn:ct"', '');

describe('paths and values a rule names', () => {
  it('reads the location paths of a test, from its context or the root, leaving out function names and literals', () => {
    const test = "not(../ct:X/ct:Y) or count(../../ct:AttachedFiles/ct:Attachment[@Type='accounts']) > 0 or round(date:seconds(normalize-space(ct:Z)) div 86400) < 3 or @Filename or . = 'a/b'";
    expect(pathsNamedIn(test)).toEqual(['../ct:X/ct:Y', "../../ct:AttachedFiles/ct:Attachment[@Type='accounts']", 'ct:Z', '@Filename']);
  });

  it('reads the values a test compares with, and a value that starts as a test forbids', () => {
    expect(valuesNamedIn("ct:CompanyType = 2 or . = 'PDF accounts attached with explanation' or not(starts-with(.,' ')) or . != \"no\"")).toEqual(['2', 'PDF accounts attached with explanation', 'no', ' X']);
  });
});

describe('replaying edits', () => {
  it('sets a value where the path exists, creating the path (with the attribute a step asks for) where it does not', () => {
    expect(text(edited(doc, '/ct:r/ct:A', NS, [{ path: 'ct:B', value: '2' }]))).toBe('<r><A><B>2</B></A><C/></r>');
    expect(text(edited(doc, '/ct:r/ct:A', NS, [{ path: "../ct:D[@Type='x']/ct:E", value: 'yes' }]))).toBe('<r><A><B>1</B></A><C/><D Type="x"><E>yes</E></D></r>');
  });

  it('creates the rule’s context where the return has none', () => {
    expect(text(edited(doc, '/ct:r/ct:F/ct:G', NS, [{ path: '.', value: '3' }]))).toBe('<r><A><B>1</B></A><C/><F><G>3</G></F></r>');
  });

  it('drops a node and copies one, and cannot drop or copy what is not there', () => {
    expect(text(edited(doc, '/ct:r', NS, [{ path: 'ct:A/ct:B', value: null }]))).toBe('<r><A/><C/></r>');
    expect(text(edited(doc, '/ct:r', NS, [{ path: 'ct:C', value: '#copies:3' }]))).toBe('<r><A><B>1</B></A><C/><C/><C/></r>');
    expect(edited(doc, '/ct:r', NS, [{ path: 'ct:Z', value: null }])).toBeUndefined();
    expect(edited(doc, '/ct:r', NS, [{ path: 'ct:Z', value: '#copy' }])).toBeUndefined();
  });
});

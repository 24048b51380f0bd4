/**
 * The office benchmark's book: clients as the client book stores them and
 * CT600 drafts as they travel to the office (`<data>/drafts/<id>.json` less
 * this desk's own time and build, draft-records.ts: the wizard's form with a
 * computation of a dozen assets), a few KB each, every tenth with its
 * accounts attached. Made from the index alone,
 * so two runs push the same bytes and the baseline copies the same rows.
 */
import { createHash } from 'node:crypto';
import type { Client } from '../../../preload/contract-clients.js';
import type { DraftRecord } from '../../../main/store/draft-record.js';
import { draftBodyOf } from '../../../main/office/record-adapters/draft-records.js';

export interface BenchOfficeRecord {
  kind: 'client' | 'draft';
  id: string;
  body: unknown;
  /** SHA-256 of each file the record refers to. */
  attachments: string[];
}

export interface BenchOfficeBook {
  records: BenchOfficeRecord[];
  /** The files the records refer to, by SHA-256. */
  files: Map<string, Uint8Array<ArrayBuffer>>;
  /** The bodies' total size as JSON, and the files', for the figures. */
  bodyBytes: number;
  fileBytes: number;
}

/** A stable UUID-shaped id for the n-th record of a kind (the stores make UUIDs). */
export function benchId(kind: string, n: number): string {
  const h = createHash('sha256').update(`${kind}:${n}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const at = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();

function client(n: number): Client {
  const end = pad((n % 12) + 1, 2);
  return {
    id: benchId('client', n),
    companyName: `Company ${n} Trading Ltd`,
    registrationNumber: pad(1_000_000 + n, 8),
    utr: pad(1_000_000_000 + n * 7919, 10).slice(-10),
    periodEnd: `${end}-${end === '02' ? '28' : '30'}`,
    serviceClientName: '',
    serviceClientId: '',
    associatedCompanies: n % 3,
    archived: false,
    createdAt: at(n),
    changedAt: at(n),
    periods: [
      { start: '2024-04-01', end: '2025-03-31', filedOn: '2025-11-20', accepted: true, payments: [{ date: '2025-12-28', amount: `${(n % 90) * 1000 + 4250}.00` }] },
      { start: '2025-04-01', end: '2026-03-31', filedOn: null, accepted: false },
    ],
  };
}

/** The Computation step's assets as the wizard types them. */
function assets(n: number): Record<string, unknown>[] {
  return Array.from({ length: 12 }, (_, a) => ({
    id: `asset-${a}`,
    description: `Van ${a + 1} bought for the delivery round`,
    date: { day: String((a % 28) + 1), month: String((a % 12) + 1), year: '2025' },
    cost: String(((n + 1) * (a + 3) * 137) % 90_000),
    pool: a % 4 === 0 ? 'special' : 'main',
    newAndUnused: a % 2 === 0 ? 'yes' : 'no',
    isCar: a % 5 === 0,
    co2: a % 5 === 0 ? '95' : '',
    claim: '',
    shortLife: false,
    forLeasing: false,
  }));
}

function draft(n: number, clientN: number, accounts: { sha256: string; size: number } | null): DraftRecord {
  const c = client(clientN);
  const turnover = ((n + 1) * 104_729) % 2_000_000;
  return {
    schemaVersion: 1,
    id: benchId('draft', n),
    kind: 'ct600',
    createdAt: at(n),
    changedAt: at(n + 1),
    clientId: c.id,
    title: `${c.companyName} 2026`,
    periodFrom: '2025-04-01',
    periodTo: '2026-03-31',
    form: {
      values: {
        companyName: c.companyName,
        registrationNumber: c.registrationNumber,
        utr: c.utr,
        companyType: '0',
        returnType: 'new',
        sender: 'Agent',
        accountsChoice: 'ThisPeriodAccounts',
        computationsChoice: 'ThisPeriodComputations',
        associatedCompanies: String(c.associatedCompanies),
        associatedFirstYear: '0',
        associatedSecondYear: '0',
        turnover: String(turnover),
        tradingProfits: String(Math.round(turnover / 7)),
        lossesBroughtForward: '0',
        netProfits: String(Math.round(turnover / 7)),
        financialYear: '2025',
        fy1Rate: '25',
        declarationName: 'Jane Director',
        declarationStatus: 'Director',
      },
      dates: { periodFrom: { day: '1', month: '4', year: '2025' }, periodTo: { day: '31', month: '3', year: '2026' } },
      accepted: false,
      overrides: {},
      layout: 2,
      computation: { profitBeforeTax: String(Math.round(turnover / 6)), depreciation: '4200', addBacks: [{ id: 'entertaining', description: 'Client entertaining', amount: '850' }], assets: assets(n) },
    },
    attachments: accounts
      ? [{ id: 'accounts', role: 'accounts', fileName: `Company-${clientN}-accounts-2026-03-31.xhtml`, size: accounts.size, sha256: accounts.sha256, hasInlineXbrlHeader: true, addedAt: at(n) }]
      : [],
    lastBuild: null,
    lastValidation: null,
    filed: null,
  };
}

/** A small company's accounts as an Inline XBRL document of about 20 KB, different for each draft. */
function accountsFile(n: number): Uint8Array<ArrayBuffer> {
  const rows = Array.from({ length: 120 }, (_, r) => `<tr><td>Line ${r}</td><td><ix:nonFraction name="uk-core:Item${r}" contextRef="c" unitRef="GBP" decimals="0">${(n * 31 + r * 977) % 100_000}</ix:nonFraction></td></tr>`);
  return new TextEncoder().encode(`<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"><body><h1>Company ${n} accounts</h1><table>${rows.join('\n')}</table></body></html>\n`);
}

/** `clients` clients and `drafts` drafts spread over them; every `attachEvery`-th draft carries its accounts. */
export function benchOfficeBook(clients: number, drafts: number, attachEvery = 10): BenchOfficeBook {
  if (clients < 1) throw new Error(`clients must be at least 1 (was ${clients})`);
  const records: BenchOfficeRecord[] = [];
  const files = new Map<string, Uint8Array<ArrayBuffer>>();
  for (let n = 0; n < clients; n++) records.push({ kind: 'client', id: benchId('client', n), body: client(n), attachments: [] });
  for (let n = 0; n < drafts; n++) {
    let accounts: { sha256: string; size: number } | null = null;
    if (n % attachEvery === 0) {
      const bytes = accountsFile(n);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      files.set(sha256, bytes);
      accounts = { sha256, size: bytes.byteLength };
    }
    records.push({ kind: 'draft', id: benchId('draft', n), body: draftBodyOf(draft(n, n % clients, accounts)), attachments: accounts ? [accounts.sha256] : [] });
  }
  const bodyBytes = records.reduce((sum, r) => sum + JSON.stringify(r.body).length, 0);
  const fileBytes = [...files.values()].reduce((sum, b) => sum + b.byteLength, 0);
  return { records, files, bodyBytes, fileBytes };
}

/** A fake main process for the wizard's tests: drafts and clients in memory, every call recorded. */
import type { Channel, Client, Draft, DraftAttachment, IpcResult, RequestOf, ResponseOf, ValidationJobResult } from '../../../preload/contract.js';
import { createBrowserBridge, createMenuCommandHub } from '../../../renderer/src/bridge/browser-bridge.js';

type Answer = { [C in Channel]?: (request: RequestOf<C>) => IpcResult<ResponseOf<C>> | Promise<IpcResult<ResponseOf<C>>> };

export function newDraft(overrides: Partial<Draft> = {}): Draft {
  return {
    id: 'd1',
    kind: 'ct600',
    schemaVersion: 1,
    createdAt: '2025-05-01T09:00:00.000Z',
    changedAt: '2025-05-01T09:00:00.000Z',
    clientId: null,
    title: 'New return',
    periodFrom: null,
    periodTo: null,
    form: {},
    attachments: [],
    lastBuild: null,
    lastValidation: null,
    changedSinceBuild: false,
    state: 'in-progress',
    ...overrides,
  };
}

export const acme: Client = {
  id: 'c1',
  companyName: 'Acme Widgets Ltd',
  registrationNumber: '01234567',
  utr: '1234567890',
  periodEnd: '03-31',
  serviceClientName: '',
  serviceClientId: '',
  associatedCompanies: 0,
  archived: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  changedAt: '2025-01-01T00:00:00.000Z',
};

export const noMessages: ValidationJobResult = { jobStatus: 'success', startDateTime: null, endDateTime: null, validations: [] };

export function fakeMain(answers: Answer = {}, draft: Draft = newDraft()) {
  const calls: { channel: Channel; request: unknown }[] = [];
  const state = { draft, clients: [acme] as Client[] };
  const menu = createMenuCommandHub();
  let attachments = 0;
  const defaults: Answer = {
    'drafts.open': () => ({ ok: true, value: structuredClone(state.draft) }),
    'drafts.save': (r) => {
      state.draft = { ...state.draft, form: structuredClone(r.form), title: r.title, clientId: r.clientId, periodFrom: r.periodFrom, periodTo: r.periodTo, changedAt: '2025-05-01T10:00:00.000Z' };
      return { ok: true, value: { changedAt: state.draft.changedAt, changedSinceBuild: state.draft.lastBuild !== null, state: 'in-progress' } };
    },
    'clients.list': () => ({ ok: true, value: state.clients }),
    'clients.save': (r) => {
      const client = { ...acme, ...r.details, id: r.id ?? 'c-new' };
      state.clients = [...state.clients.filter((c) => c.id !== client.id), client];
      return { ok: true, value: client };
    },
    'ct600.checkDraft': () => ({ ok: true, value: noMessages }),
    // Nothing sent to HMRC yet.
    'filing.list': () => ({ ok: true, value: [] }),
    'ct600.checkAttachments': () => ({
      ok: true,
      value: state.draft.attachments
        .filter((a) => a.role === 'accounts' || a.role === 'computations')
        .map((a) => ({ attachmentId: a.id, fileName: a.fileName, role: a.role as 'accounts' | 'computations', messages: [] })),
    }),
    'drafts.attach': (r) => {
      const a: DraftAttachment = {
        id: `a${++attachments}`,
        role: r.role,
        fileName: r.fileName,
        size: r.bytes.length,
        sha256: '0'.repeat(64),
        hasInlineXbrlHeader: new TextDecoder().decode(r.bytes).includes('ix:header'),
        addedAt: '2025-05-01T10:00:00.000Z',
      };
      state.draft = { ...state.draft, attachments: [...state.draft.attachments, a] };
      return { ok: true, value: structuredClone(state.draft) };
    },
    'drafts.detach': (r) => {
      state.draft = { ...state.draft, attachments: state.draft.attachments.filter((a) => a.id !== r.attachmentId) };
      return { ok: true, value: structuredClone(state.draft) };
    },
  };
  const bridge = createBrowserBridge(async (channel, request) => {
    // The wizard tells the office the draft is open, every minute: nobody else has it unless the test answers; kept out of `calls`.
    if (channel === 'office.editing' && !answers['office.editing']) return { ok: true, value: { others: [] } } as never;
    calls.push({ channel, request });
    if (channel === 'app.info') return { ok: true, value: { version: '0.1.0', platform: 'linux' } } as never;
    const answer = (answers[channel] ?? defaults[channel]) as ((r: unknown) => unknown) | undefined;
    if (!answer) throw new Error(`unexpected call to ${channel}`);
    return (await answer(request)) as never;
  }, menu);
  const callsTo = (channel: Channel): unknown[] => calls.filter((c) => c.channel === channel).map((c) => c.request);
  return { bridge, calls, callsTo, state, menu };
}

/** A complete return for 1 April 2024 – 31 March 2025, as the form stores it. */
export const validForm = {
  values: {
    companyName: 'Acme Widgets Ltd',
    registrationNumber: '01234567',
    utr: '1234567890',
    companyType: '0',
    returnType: 'new',
    sender: 'Agent',
    accountsChoice: 'NoAccountsReason',
    noAccountsReason: 'Company dormant',
    computationsChoice: 'NoComputationsReason',
    noComputationsReason: 'Company dormant',
    turnover: '120,000',
    netProfits: '40,000',
    chargeableProfits: '40000',
    fy1Profit: '40,000',
    fy1Rate: '19',
    taxPayable: '7,600.00',
    declarationName: 'Jane Smith',
    declarationStatus: 'Director',
  },
  dates: { periodFrom: { day: '1', month: '4', year: '2024' }, periodTo: { day: '31', month: '3', year: '2025' } },
  accepted: true,
  overrides: {},
};


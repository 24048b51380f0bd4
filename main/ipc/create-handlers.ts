import { AttachmentFindingsCache, createCt600CheckAttachmentsHandler } from './ct600-attachment-checks.js';
import type { AppInfo } from '../../preload/contract.js';
import type { ClientBook } from '../store/client-book.js';
import type { DraftStore } from '../store/draft-store.js';
import { createCt600CheckDraftHandler, createCt600BuildDraftHandler } from './ct600-draft-handlers.js';
import { createCt600BuildHandler, createCt600ValidateHandler, createCt600VerifyHandler, type Ct600Engine } from './ct600-handlers.js';
import { createDeadlineListHandler } from './deadline-handlers.js';
import type { AccountsWork } from '../deadlines/accounts-progress.js';
import { lastBuildBytes } from '../store/draft-files.js';
import type { SubmissionStore } from '../filing/submission-store.js';
import { createDraftHandlers, type OpenDialog } from './draft-handlers.js';
import { createFileSaveHandler, type FileSaverDeps } from './file-save-handler.js';
import { createFindBuildHandler, createPackageBuildDraftHandler, createPackagePlanDraftHandler } from './package-draft-handlers.js';
import { createPackageBuildHandler, createPackageValidateHandler, type PackageEngine } from './package-handlers.js';
import type { Handlers } from './register-handlers.js';
import type { OnlineDesk } from '../online/online-desk.js';
import { createOnlineHandlers } from './online-handlers.js';
import { filingNotWired, type FilingHandlers } from './filing-channels.js';
import { companiesHouseNotWired, type CompaniesHouseHandlers } from './companies-house-handlers.js';
import { createComputationComputeHandler, createPreviousPeriodHandler } from './computation-handlers.js';
import { createAccountsFiguresHandler, createComputationAttachHandler, createComputationSaveHandler } from './computation-attachment-handlers.js';

import { createTaxonomyHandlers, type CheckInlineXbrl, type TaxonomyHandlers } from './taxonomy-handlers.js';
import type { TaxonomyStore } from '../taxonomies/taxonomy-store.js';
import { IpcFailure } from './ipc-errors.js';
import { createAccountsHandlers } from './accounts-handlers.js';
import type { AccountsDrafts } from '../store/accounts-drafts.js';
import { createAccountsEngine, type AccountsEngine } from './accounts-engine.js';
import type { OfficeDeskService } from '../office/office-desk-service.js';
import type { OfficeBackgroundSync } from '../office/background-sync.js';
import { createOfficeHandlers, officeNotWired } from './office-handlers.js';
import { tellingOfLocalSaves } from './office-local-saves.js';
export interface HandlerDeps {
  ct600: Ct600Engine;
  packages: PackageEngine;
  fileSaver: FileSaverDeps;
  openDialog: OpenDialog;
  clients: ClientBook;
  drafts: DraftStore;
  appInfo: AppInfo;
  online: OnlineDesk;
  /** Filing with HMRC (createFilingHandlers); left out, every filing call is refused in words. */
  filing?: FilingHandlers;
  /** Filing accounts with Companies House (createCompaniesHouseWiring); left out, every call is refused in words. */
  companiesHouse?: CompaniesHouseHandlers;
  /** The accounts drafts and filings Companies House accepted live, for the Deadlines' accounts rows; left out, those rows come from the client book alone. */
  accountsWork?: () => Promise<AccountsWork[]>;
  /** The submission records: the Deadlines list (accepted live returns show as filed) and a draft's .fdesk export and import. */
  submissions?: SubmissionStore;
  /** The taxonomy packages installed in the data folder (Settings › Taxonomies); left out, the list is empty and installing is refused in words. */
  taxonomies?: TaxonomyStore;
  /** Where a dropped Inline XBRL document is checked (the engine worker in the app); this thread by default. */
  checkInlineXbrl?: CheckInlineXbrl;
  /** The statutory accounts engine (trial balance, mapping, statements, Inline XBRL); the engine's own by default. */
  accountsEngine?: AccountsEngine;
  /** The accounts drafts, shared with the office sync; the drafts' data folder's own when left out. */
  accountsDrafts?: AccountsDrafts;
  /** This desk's place in the office (Settings › Office); left out, the window shows it not joined and joining is refused in words. */
  office?: OfficeDeskService;
  /** Syncs with the office by itself when joined; told of every local save. Left out, only Sync now syncs. */
  officeSync?: OfficeBackgroundSync;
  clock?: () => Date;
  /** Today as an ISO date on the firm's calendar (the last day accounts can have been approved on); the clock's local date by default. */
  today?: () => string;
}

function taxonomiesNotWired(): TaxonomyHandlers {
  const refuse = async (): Promise<never> => {
    throw new IpcFailure('failed', 'Taxonomy packages cannot be installed in this window: Filing Desk started without its data folder. Nothing was installed.');
  };
  return { 'taxonomies.list': async () => [], 'taxonomies.install': refuse, 'taxonomies.remove': refuse, 'taxonomies.checkDocument': refuse };
}

/** Every channel's handler, built from its dependencies. */
export function createHandlers(deps: HandlerDeps): Handlers {
  const clock = deps.clock ?? (() => new Date());
  const attachmentFindings = new AttachmentFindingsCache(deps.ct600.checkAttachment ? (bytes, role, boxes) => deps.ct600.checkAttachment!(bytes, role, boxes) : undefined);
  const draftDeps = { engine: deps.ct600, drafts: deps.drafts, clock, attachmentFindings };
  const handlers: Handlers = {
    'ct600.build': createCt600BuildHandler(deps.ct600),
    'ct600.verify': createCt600VerifyHandler(deps.ct600),
    'ct600.validate': createCt600ValidateHandler(deps.ct600, clock),
    'ct600.buildDraft': createCt600BuildDraftHandler(draftDeps),
    'ct600.checkDraft': createCt600CheckDraftHandler(draftDeps),
    'ct600.checkAttachments': createCt600CheckAttachmentsHandler({ drafts: deps.drafts, cache: attachmentFindings }),
    'package.build': createPackageBuildHandler(deps.packages),
    'package.validate': createPackageValidateHandler(deps.packages),
    'package.planDraft': createPackagePlanDraftHandler({ engine: deps.packages, drafts: deps.drafts, clock }),
    'package.buildDraft': createPackageBuildDraftHandler({ engine: deps.packages, drafts: deps.drafts, clock }),
    'drafts.findBuild': createFindBuildHandler(deps.drafts),
    ...createDraftHandlers({ clients: deps.clients, drafts: deps.drafts, fileSaver: deps.fileSaver, openDialog: deps.openDialog, ...(deps.submissions ? { submissions: deps.submissions } : {}) }),
    'deadlines.list': createDeadlineListHandler({
      clients: deps.clients,
      drafts: deps.drafts,
      builds: { get: (id) => deps.drafts.get(id), bytes: (d) => (d.lastBuild ? lastBuildBytes(deps.drafts, d.id, d.lastBuild.sha256) : Promise.resolve(null)) },
      clock,
      ...(deps.submissions ? { submissions: deps.submissions } : {}),
      ...(deps.accountsWork ? { accounts: { list: deps.accountsWork } } : {}),
    }),
    'file.save': createFileSaveHandler(deps.fileSaver),
    'app.info': () => deps.appInfo,
    ...createOnlineHandlers(deps.online),
    ...(deps.filing ?? filingNotWired()),
    ...(deps.companiesHouse ?? companiesHouseNotWired()),
    'computation.compute': createComputationComputeHandler(),
    'computation.previousPeriod': createPreviousPeriodHandler(deps.drafts),
    ...(deps.taxonomies ? createTaxonomyHandlers(deps.taxonomies, () => attachmentFindings.clear(), deps.checkInlineXbrl) : taxonomiesNotWired()),
    'computation.attach': createComputationAttachHandler({ drafts: deps.drafts, fileSaver: deps.fileSaver, producedBy: () => `Filing Desk ${deps.appInfo.version}` }),
    'computation.accountsFigures': createAccountsFiguresHandler(deps.drafts),
    'computation.save': createComputationSaveHandler({ drafts: deps.drafts, fileSaver: deps.fileSaver }),
    ...createAccountsHandlers({ drafts: deps.drafts, clients: deps.clients, fileSaver: deps.fileSaver, engine: deps.accountsEngine ?? createAccountsEngine(), software: () => ({ name: 'Filing Desk', version: deps.appInfo.version }), clock, ...(deps.today ? { today: deps.today } : {}), ...(deps.accountsDrafts ? { accounts: deps.accountsDrafts } : {}) }),
    ...(deps.office ? createOfficeHandlers({ desk: deps.office, ...(deps.officeSync ? { background: deps.officeSync } : {}) }) : officeNotWired()),
  };
  const officeSync = deps.officeSync;
  return officeSync ? tellingOfLocalSaves(handlers, () => officeSync.savedLocally()) : handlers;
}

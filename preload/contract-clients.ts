/**
 * The client book: the firm's clients, kept by main in the app data folder.
 */
import type { IpcResult } from './contract-ipc.js';

export interface ClientDetails {
  companyName: string;
  /** Companies House registration number (box 2); '' when not known. */
  registrationNumber: string;
  /** Unique Taxpayer Reference, 10 digits (box 3); '' when not known. */
  utr: string;
  /** Usual accounting period end as month and day, "MM-DD"; '' when not known. */
  periodEnd: string;
  /** The filing service's ClientName identification header for this client; '' when not set. */
  serviceClientName: string;
  /** The filing service's ClientID identification header for this client; '' when not set. */
  serviceClientId: string;
  /**
   * Companies associated with this one (CT600 box 326), remembered for its
   * next return, where it divides the small profits limits. Left out, a new
   * client has 0 and a saved client keeps the number it had.
   */
  associatedCompanies?: number;
  /**
   * The client's periods of account (the periods its accounts cover), oldest
   * first; after the last, the usual period end generates the next ones. Left
   * out when saving: the periods already in the book are kept.
   */
  periods?: ClientPeriod[];
  /** Pays corporation tax by quarterly instalments as a large or very large company; null or absent: does not. */
  instalments?: 'large' | 'very-large' | null;
  /** The two returns before the first period in the book were delivered late, so a third late one pays the larger penalties (£1,000, or £500 when due before 1 April 2026). */
  lateTwiceBefore?: boolean;
  /** The day the company was incorporated (ISO): its first accounting reference period starts then (CA 2006 s391(5)); null or absent when not known. */
  incorporatedOn?: string | null;
  /** The accounts for the financial year before the first period in the book were delivered late to Companies House, so a late set now pays double (SI 2008/497). */
  accountsLateBefore?: boolean;
}

/**
 * A period of account, as ISO dates. One longer than 12 months is two (or
 * more) accounting periods, each with its own return; the filing record
 * applies to them all.
 */
export interface ClientPeriod {
  start: string;
  end: string;
  /** The day the return(s) were delivered to HMRC, as an ISO date; null while not filed. */
  filedOn: string | null;
  /** HMRC accepted them. */
  accepted: boolean;
  /**
   * The day HMRC served its notice to deliver the return, when it was served
   * late: the filing date is then three months on if that is later (FA 1998
   * Sch 18 para 14(1)(c)). Null or absent: not served late.
   */
  noticeServedOn?: string | null;
  /** Corporation tax paid for the period, oldest first; absent from books saved before payments were recorded. */
  payments?: ClientPayment[];
  /** The day the accounts for this period were delivered to Companies House (ISO); null or absent while not delivered. */
  accountsDeliveredOn?: string | null;
  /** The day the company gave notice (form AA01) shortening this period: the accounts are then due 3 months after it if that is later (CA 2006 s442(4)). */
  shortenedByNoticeOn?: string | null;
}

/** A payment of corporation tax: the day HMRC received it and the amount in pounds and pence ("12000.00"). */
export interface ClientPayment {
  date: string;
  amount: string;
}

export interface Client extends ClientDetails {
  /** 0 for a client saved before Filing Desk remembered it. */
  associatedCompanies: number;
  id: string;
  archived: boolean;
  createdAt: string;
  changedAt: string;
}

/**
 * Why the client book on disk could not be used as it is. An unreadable book
 * is moved aside (keptAs names where) and a new one started; a book made by
 * a newer Filing Desk is left in place (keptAs is its own name) and the book
 * is read-only until Filing Desk is updated.
 */
export interface ClientBookNotice {
  /** The book's file name in the data folder ("clients.json"). */
  fileName: string;
  /** The name the file has now, in the same folder. */
  keptAs: string;
  /** Why, in words. */
  reason: string;
  /** Saving and archiving are refused while this is true. */
  readOnly: boolean;
}

export interface ClientListRequest {
  /** Matches company name, UTR or registration number (case and spaces ignored); '' lists all. */
  query: string;
  includeArchived: boolean;
}

/** Adds a client (no id) or replaces the details of one (id). */
export interface ClientSaveRequest {
  id?: string;
  details: ClientDetails;
}

export interface ClientArchiveRequest {
  id: string;
  archived: boolean;
}

export interface ClientChannels {
  'clients.list': { request: ClientListRequest; response: Client[] };
  'clients.save': { request: ClientSaveRequest; response: Client };
  'clients.archive': { request: ClientArchiveRequest; response: Client };
  'clients.notice': { request: void; response: ClientBookNotice | null };
}

export const clientChannels = ['clients.list', 'clients.save', 'clients.archive', 'clients.notice'] as const satisfies ReadonlyArray<keyof ClientChannels>;

export interface ClientBridge {
  listClients(request: ClientListRequest): Promise<IpcResult<Client[]>>;
  saveClient(request: ClientSaveRequest): Promise<IpcResult<Client>>;
  archiveClient(request: ClientArchiveRequest): Promise<IpcResult<Client>>;
  /** Why the client book on disk could not be used as it is, or null. */
  clientBookNotice(): Promise<IpcResult<ClientBookNotice | null>>;
}

export const clientBridgeChannels = {
  listClients: 'clients.list',
  saveClient: 'clients.save',
  archiveClient: 'clients.archive',
  clientBookNotice: 'clients.notice',
} as const satisfies { [M in keyof ClientBridge]: keyof ClientChannels };

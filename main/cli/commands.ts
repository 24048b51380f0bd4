/**
 * Every command and option of the command line, in one table. The parser
 * accepts exactly these options and the help prints exactly these lines, so
 * the help can never describe an option the parser refuses, or leave one out.
 */
export interface OptionSpec {
  name: string;
  /** Placeholder for an option that takes a value; absent for a switch. */
  value?: string;
  help: string;
  /** May be given more than once (its values are in ParsedArgs.lists). */
  repeatable?: boolean;
}

export interface CommandSpec {
  area: 'ct600' | 'package' | 'schema' | 'deadlines' | 'taxonomy' | 'ixbrl' | 'accounts' | 'office' | 'clients';
  /** '' for an area that is itself the command (`cli deadlines`). */
  name: string;
  args: string;
  summary: string;
  options: OptionSpec[];
  examples: string[];
}

const BATCH_OUTPUT: OptionSpec[] = [
  { name: 'json', help: 'one JSON object per file (JSON Lines), also for a single file' },
  { name: 'table', help: 'a readable table, also when the output is not a terminal' },
];

/** Every command with --out has it: an existing file is never replaced by surprise. */
const FORCE: OptionSpec = { name: 'force', help: 'replace an --out file that already exists (never one this run wrote)' };

/** Where the installed taxonomy packages are: the app's data folder, as the window keeps them. */
const TAXONOMY_DATA_FOLDER: OptionSpec = {
  name: 'data-folder',
  value: 'folder',
  help: "the data folder whose installed taxonomy packages resolve references (taxonomies/ in it); default the installed app's",
};

export const COMMANDS: readonly CommandSpec[] = [
  {
    area: 'ct600',
    name: 'build',
    args: '<request.json|folder>...',
    summary: 'build the GovTalk CT600 message with its IRmark from build-ct600 requests',
    options: [
      { name: 'out', value: 'file.xml|folder', help: 'write the message: a file for one request, a folder (<request name>.xml) for several; prints a line per file (where and its IRmark), JSON with --json' },
      FORCE,
      { name: 'vendor-id', value: 'id', help: 'HMRC vendor id, 4 digits (ChannelRouting/Channel/URI)' },
      { name: 'product', value: 'name', help: 'product name in ChannelRouting/Channel/Product' },
      { name: 'product-version', value: 'version', help: 'product version in ChannelRouting/Channel/Version' },
      { name: 'schema-version', value: 'version', help: 'CT schema version declared in the manifest, e.g. 2025-v1.994' },
      { name: 'transaction-id', value: 'hex', help: 'MessageDetails/TransactionID, up to 32 upper-case hex digits' },
      { name: 'gateway-test', help: 'mark the message for HMRC test services (GatewayTest 1)' },
      { name: 'test-in-live', help: 'send as Test-in-Live (class HMRC-CT-CT600-TIL)' },
      ...BATCH_OUTPUT,
    ],
    examples: [
      'cli ct600 build examples/ct600/small-company.json --out small-company.xml',
      'cli ct600 build examples/ct600 --out built/ --vendor-id 1234 --json',
    ],
  },
  {
    area: 'ct600',
    name: 'verify',
    args: '<file.xml|folder>...',
    summary: 'check the IRmark of CT600 messages (exit 1 when one does not match)',
    options: [...BATCH_OUTPUT],
    examples: ['cli ct600 verify small-company.xml', 'cli ct600 verify returns/ --json > results.jsonl'],
  },
  {
    area: 'ct600',
    name: 'validate',
    args: '<file.xml|folder>...',
    summary:
      "run the whole local validation of CT600 returns (schema in force, HMRC's business rules, attachments, IRmark); exit 0 only when every return would be accepted, 5 when nothing was found but an attachment's taxonomy is not installed (--data-folder)",
    options: [
      {
        name: 'data-folder',
        value: 'folder',
        help: "also check the attachments' facts against the taxonomy packages installed in this data folder, as the window does (`cli taxonomy add --data-folder` installs them); without it they are not checked against a taxonomy",
      },
      ...BATCH_OUTPUT,
    ],
    examples: [
      'cli ct600 validate small-company.xml',
      'cli ct600 validate returns/ --json > findings.jsonl',
      'cli ct600 validate returns/ --table',
      'cli ct600 validate return.xml --data-folder ./firm-data',
    ],
  },
  {
    area: 'ct600',
    name: 'submit',
    args: '<file.xml>',
    summary:
      "file a built return with HMRC's Transaction Engine and print the outcome as JSON (exit 0 accepted, 1 rejected, 4 not finished or HMRC's answer does not match this return: run it again to resume; it is never sent twice)",
    options: [
      { name: 'environment', value: 'til|ets|live', help: "til: Test in Live (checked by HMRC, never filed); ets: HMRC's external test service (synthetic data only); live: filed" },
      { name: 'endpoint', value: 'url', help: "send to this address instead of HMRC's: https to HMRC's Transaction Engine, or a test engine on this computer (http://127.0.0.1:…); the password goes nowhere else" },
      { name: 'tries', value: 'n', help: 'tries of one exchange (a poll, a data request) before leaving the submission for a later run, exit 4 (default 8, 1 to 100)' },
      { name: 'secrets-file', value: 'file', help: 'gateway_user_id=… and gateway_password=… lines; readable by its owner only (chmod 600); else FILING_DESK_GATEWAY_USER_ID and FILING_DESK_GATEWAY_PASSWORD' },
      { name: 'data', value: 'folder', help: "where submission records are kept (default: Filing Desk's data folder)" },
      { name: 'vendor-id', value: 'id', help: 'HMRC vendor id, 4 digits, when the built return does not carry it' },
      { name: 'product', value: 'name', help: 'product name in ChannelRouting/Channel/Product' },
      { name: 'product-version', value: 'version', help: 'product version in ChannelRouting/Channel/Version' },
      { name: 'send-again', help: 'send again a submission HMRC said it never received (same TransactionID)' },
      { name: 'confirm-amendment', help: 'send an amended return for a period HMRC already accepted' },
      { name: 'take-over', help: 'take over the claim of another Filing Desk filing this return that is not provably gone (one on another computer that is switched off); only when you are sure it is not running' },
    ],
    examples: [
      'FILING_DESK_GATEWAY_USER_ID=… FILING_DESK_GATEWAY_PASSWORD=… cli ct600 submit small-company.xml --environment til',
      'cli ct600 submit small-company.xml --environment til --endpoint http://127.0.0.1:8090/submission --secrets-file ~/.filing-desk-gateway',
    ],
  },
  {
    area: 'ct600',
    name: 'compute',
    args: '<computation.json|folder>...',
    summary: 'work out the tax computation (adjustments, capital allowances, losses, profits chargeable, tax) and print the CT600 boxes and the figures carried forward',
    options: [
      { name: 'working', help: 'print each figure’s working after the boxes: its inputs, rule and rate (the printed computation)' },
      { name: 'json', help: 'the whole result as JSON (boxes, capitalAllowances, losses, carriedForward, working); one JSON line per file for several' },
      { name: 'table', help: 'a readable table, one row per file' },
      { name: 'ixbrl', value: 'file.xhtml', help: 'write the computation as Inline XBRL in HMRC’s CT computational taxonomy for the period (one input)' },
      { name: 'request', value: 'file.json', help: 'write a build-ct600 request: the computed boxes, the declaration, the computation and the input’s accountsFile attached (one input)' },
      { name: 'force', help: 'replace --ixbrl and --request files already there' },
    ],
    examples: [
      'cli ct600 compute examples/computation/trading-company.json --working',
      'cli ct600 compute examples/computation --json > computed.jsonl',
      'cli ct600 compute examples/ct600/small-company.computation.json --ixbrl computation.xhtml --request return.json',
      'cli ct600 compute computation.json --request return-request.json && cli ct600 build return-request.json --out return.xml',
    ],
  },
  {
    area: 'package',
    name: 'build',
    args: '<request.json>',
    summary: 'build a report package from a create-report-package request',
    options: [
      { name: 'hash', help: 'add the SHA-256 of the zip bytes (hashResult.Hash_Result)' },
      { name: 'out', value: 'folder', help: 'write <reportPackageName>.<xbri|xbr|zip> into the folder' },
      FORCE,
      TAXONOMY_DATA_FOLDER,
    ],
    examples: ['cli package build examples/package/report-package.json --hash --out packages/'],
  },
  {
    area: 'package',
    name: 'validate',
    args: '<file|folder>...',
    summary: 'validate report packages (.xbri, .xbr, .zip) with the official rpe:/tpe: codes; references resolve in the package, then in the installed taxonomy packages',
    options: [TAXONOMY_DATA_FOLDER, ...BATCH_OUTPUT],
    examples: ['cli package validate packages/ACME-2024.xbri', 'cli package validate packages/ --table'],
  },
  {
    area: 'schema',
    name: 'ct600',
    args: '',
    summary: 'print the JSON Schema (draft 2020-12) of the build-ct600 request',
    options: [],
    examples: ['cli schema ct600 > build-ct600.schema.json'],
  },
  {
    area: 'schema',
    name: 'package',
    args: '',
    summary: 'print the JSON Schema (draft 2020-12) of the create-report-package request',
    options: [],
    examples: ['cli schema package > report-package.schema.json'],
  },
  {
    area: 'deadlines',
    name: '',
    args: '',
    summary: "each client's accounting periods with filing and payment dates, state and days left, from the app's client book or a CSV",
    options: [
      { name: 'from', value: 'YYYY-MM-DD', help: 'list returns due (filing date) from this day; default today, with every overdue return too' },
      { name: 'to', value: 'YYYY-MM-DD', help: 'list returns due up to this day; default a year after --from' },
      { name: 'today', value: 'YYYY-MM-DD', help: 'count days left and penalties as on this day; default today on this computer' },
      { name: 'data-folder', value: 'folder', help: "the app's data folder to read the client book and drafts from (read only); default the installed app's" },
      { name: 'csv', value: 'file.csv', help: 'read the clients from a CSV with a header row and columns name, utr, periodStart, periodEnd (ISO dates; others ignored)' },
      { name: 'json', help: 'one JSON object per accounting period (JSON Lines), ISO dates' },
      { name: 'table', help: 'a readable table, also when the output is not a terminal' },
    ],
    examples: ['cli deadlines --from 2026-01-01 --to 2026-12-31 --table', 'cli deadlines --csv clients.csv --json > deadlines.jsonl'],
  },
  {
    area: 'taxonomy',
    name: 'add',
    args: '<package.zip>',
    summary: 'install a taxonomy package (Taxonomy Packages 1.0, or the older .taxonomyPackage.xml format); a broken package is refused with its reasons (exit 1)',
    options: [TAXONOMY_DATA_FOLDER],
    examples: ['cli taxonomy add CT-2024-v1.0.0.zip', 'cli taxonomy add FRC-2025-Taxonomy-v1.0.0.zip --data-folder ./firm-data'],
  },
  {
    area: 'taxonomy',
    name: 'list',
    args: '',
    summary: 'list the installed taxonomy packages with their entry points',
    options: [TAXONOMY_DATA_FOLDER, { name: 'json', help: 'the list as JSON' }],
    examples: ['cli taxonomy list', 'cli taxonomy list --json'],
  },
  {
    area: 'taxonomy',
    name: 'remove',
    args: '<id>',
    summary: 'remove an installed taxonomy package by the id `cli taxonomy list` shows (exit 2 when none has it)',
    options: [TAXONOMY_DATA_FOLDER],
    examples: ['cli taxonomy remove ct2015-taxonomy-1.3.0'],
  },
  {
    area: 'ixbrl',
    name: 'validate',
    args: '<file.xhtml|folder>...',
    summary:
      "check Inline XBRL documents with HMRC's joint filing checks (as ct600 validate checks an attachment: 3312, 3314, 3315, 3316) and against their taxonomy: concepts exist, types, units, dates, period types, dimension members, HMRC's mandatory items. Three verdicts: valid (no error; warnings may remain), invalid (exit 1), not-checked (its taxonomy is not installed: the package to install is named; exit 5)",
    options: [
      { name: 'taxonomy', value: 'package.zip', repeatable: true, help: 'use this taxonomy package as well as the installed ones (may be given more than once)' },
      TAXONOMY_DATA_FOLDER,
      ...BATCH_OUTPUT,
    ],
    examples: ['cli ixbrl validate computations.xhtml', 'cli ixbrl validate computations.xhtml --taxonomy CT2015-v1.3.0.zip --table'],
  },
  {
    area: 'accounts',
    name: 'build',
    args: '<accounts.json>',
    summary:
      "statutory accounts (FRS 105 micro-entity or FRS 102 section 1A small company) as Inline XBRL from a trial balance: the CSV or the Xero, QuickBooks Online, Sage 50, Sage Accounting or FreeAgent export named in accounts.json, its codes placed by the firm's mapping and then Sage's or Xero's default chart, last year's accounts.json as the comparatives. Exit 2, nothing written, when the trial balance does not balance, a code is not placed or the balance sheet does not balance",
    options: [
      { name: 'out', value: 'accounts.xhtml', help: 'write the accounts here (required); prints one line: where, the balance sheet total and the profit or loss' },
      { name: 'json', help: 'print one JSON object instead: out, facts (each concept for the period, no dimensions), balanceSheetTotal, profitLoss, checks' },
      FORCE,
    ],
    examples: ['cli accounts build examples/accounts/micro-company.json --out micro-company.xhtml', 'cli accounts build examples/accounts/small-company-2026.json --out small-company-2026.xhtml --json'],
  },
  {
    area: 'accounts',
    name: 'file',
    args: '<accounts.xhtml>',
    summary:
      "file Inline XBRL accounts with Companies House's XML Gateway and print { outcome, submissionNumber, companyNumber, reasons } as JSON (exit 0 accepted, 1 rejected, 2 unusable input or refused before sending, 4 not finished: run it again; the accounts are never submitted twice)",
    options: [
      { name: 'company-number', value: 'n', help: 'the registered number the accounts are filed under (it must be the one in the accounts)' },
      { name: 'environment', value: 'test|live', help: "test: Companies House's test gateway (GatewayTest 1, test presenter credentials from Companies House); live (default): filed" },
      { name: 'endpoint', value: 'url', help: "send to this address instead of Companies House's gateway: https to Companies House, or a test gateway on this computer (http://127.0.0.1:…); the secrets go nowhere else" },
      { name: 'secrets-file', value: 'file', help: 'presenter_id=…, presenter_code=… and company_auth_code=… lines; readable by its owner only (chmod 600); else FILING_DESK_CH_PRESENTER_ID, FILING_DESK_CH_PRESENTER_CODE and FILING_DESK_CH_AUTH_CODE' },
      { name: 'data', value: 'folder', help: "where filing records and submission numbers are kept (default: Filing Desk's data folder)" },
      { name: 'tries', value: 'n', help: 'tries of one exchange, and questions about the status, before leaving the filing for a later run, exit 4 (default 8, 1 to 100)' },
    ],
    examples: [
      'FILING_DESK_CH_PRESENTER_ID=… FILING_DESK_CH_PRESENTER_CODE=… FILING_DESK_CH_AUTH_CODE=… cli accounts file accounts.xhtml --company-number 01234567 --environment test',
      'cli accounts file accounts.xhtml --company-number 01234567 --secrets-file ~/.filing-desk-companies-house',
    ],
  },
  {
    area: 'office',
    name: 'serve',
    args: '',
    summary:
      "run the firm's office server on PostgreSQL: the shared client book, drafts, accounts, filing claims and audit trail; migrates the database at start and prints `office: listening on <url>`. Without --tls-cert it listens on this computer only (http on loopback)",
    options: [
      { name: 'database', value: 'postgres-url', help: 'the PostgreSQL database, postgres://user@host:port/name (required; a password in it is better given as PGPASSWORD)' },
      { name: 'host', value: 'h', help: 'the address to listen on (default 127.0.0.1; any other needs --tls-cert and --tls-key)' },
      { name: 'port', value: 'n', help: 'the port to listen on (default 8477; 0 picks a free one)' },
      { name: 'tls-cert', value: 'file.pem', help: "the office's certificate (PEM); desks pin its SHA-256 fingerprint when they join" },
      { name: 'tls-key', value: 'file.pem', help: "the certificate's private key (PEM), readable by its owner only" },
    ],
    examples: ['cli office serve --database postgres://filingdesk@localhost/office', 'cli office serve --database postgres://filingdesk@db/office --host 0.0.0.0 --port 8477 --tls-cert office.pem --tls-key office-key.pem'],
  },
  {
    area: 'office',
    name: 'user add',
    args: '<name>',
    summary: "add an office user (or replace a user's password), stored as a salted scrypt hash; the first user added should be an admin",
    options: [
      { name: 'database', value: 'postgres-url', help: 'the office database (required)' },
      { name: 'password-file', value: 'file', help: 'a file whose first line is the password, at least 12 characters (required); readable by its owner only' },
      { name: 'admin', help: 'the user may add and remove users and read the audit trail' },
    ],
    examples: ['cli office user add alice --database postgres://filingdesk@localhost/office --password-file alice.txt --admin'],
  },
  {
    area: 'office',
    name: 'join',
    args: '<url>',
    summary:
      "join this desk's data folder to the office: signs in, pins the office's certificate fingerprint (https) and keeps the password in the OS keychain. Prints the fingerprint; confirm it with the office's administrator",
    options: [
      { name: 'data-folder', value: 'dir', help: "the desk's data folder (required)" },
      { name: 'user', value: 'name', help: 'the office user (required)' },
      { name: 'password-file', value: 'file', help: "a file whose first line is the user's password (required); readable by its owner only" },
      { name: 'desk', value: 'name', help: "this desk's name as other desks see it (default: the computer's name)" },
      { name: 'fingerprint', value: 'sha256', help: "the office certificate's SHA-256 fingerprint as the administrator gave it; joining is refused when it differs" },
    ],
    examples: ['cli office join https://office.example.internal:8477 --data-folder ~/FilingDesk --user alice --password-file alice.txt'],
  },
  {
    area: 'office',
    name: 'sync',
    args: '',
    summary:
      'push the changes made on this desk and pull the office\'s; prints how many went each way and each conflict (a record changed here and on another desk while apart: both kept until chosen with `cli office resolve`). Exit 0 synced, 1 synced with conflicts, 2 the office could not be reached or refused',
    options: [
      { name: 'data-folder', value: 'dir', help: "the desk's data folder (required)" },
      { name: 'json', help: 'print { "pushed", "pulled", "conflicts": [ { "kind", "id", "mine", "theirs" } ] }' },
    ],
    examples: ['cli office sync --data-folder ~/FilingDesk', 'cli office sync --data-folder ~/FilingDesk --json'],
  },
  {
    area: 'office',
    name: 'resolve',
    args: '<kind> <id>',
    summary: 'choose between the two versions of a record in conflict: keep this desk\'s (pushed over the office\'s) or the office\'s (this desk\'s is replaced); the version not kept stays in the office\'s history',
    options: [
      { name: 'data-folder', value: 'dir', help: "the desk's data folder (required)" },
      { name: 'keep', value: 'mine|theirs', help: 'which version to keep (required)' },
    ],
    examples: ['cli office resolve client 6f1c… --data-folder ~/FilingDesk --keep theirs'],
  },
  {
    area: 'office',
    name: 'leave',
    args: '',
    summary: "stop syncing this desk with the office: its data folder keeps everything it has, and the office password is removed from the keychain",
    options: [{ name: 'data-folder', value: 'dir', help: "the desk's data folder (required)" }],
    examples: ['cli office leave --data-folder ~/FilingDesk'],
  },
  {
    area: 'clients',
    name: 'add',
    args: '',
    summary: "add a client to the data folder's client book (shared with the office at the next sync, when the desk has joined one); prints the client as JSON",
    options: [
      { name: 'data-folder', value: 'dir', help: 'the data folder (required)' },
      { name: 'name', value: 'n', help: 'the company name (required)' },
      { name: 'utr', value: 'u', help: "the company's Unique Taxpayer Reference, 10 digits (required)" },
      { name: 'company-number', value: 'c', help: "the company's registered number at Companies House" },
      { name: 'period-end', value: 'MM-DD', help: "the month and day the company's accounting period ends" },
    ],
    examples: ['cli clients add --data-folder ~/FilingDesk --name "Acme Trading Ltd" --utr 1234567890 --company-number 01234567 --period-end 03-31'],
  },
  {
    area: 'clients',
    name: 'edit',
    args: '',
    summary: 'change a client found by its UTR; only the options given change; prints the client as JSON',
    options: [
      { name: 'data-folder', value: 'dir', help: 'the data folder (required)' },
      { name: 'utr', value: 'u', help: 'the UTR of the client to change (required)' },
      { name: 'name', value: 'n', help: 'the new company name' },
      { name: 'company-number', value: 'c', help: 'the new registered number' },
      { name: 'period-end', value: 'MM-DD', help: 'the new period end' },
    ],
    examples: ['cli clients edit --data-folder ~/FilingDesk --utr 1234567890 --name "Acme Trading Limited"'],
  },
  {
    area: 'clients',
    name: 'list',
    args: '',
    summary: 'the client book, one client a line (name, UTR, company number, period end), or JSON',
    options: [
      { name: 'data-folder', value: 'dir', help: 'the data folder (required)' },
      { name: 'json', help: 'print a JSON array of the clients' },
    ],
    examples: ['cli clients list --data-folder ~/FilingDesk', 'cli clients list --data-folder ~/FilingDesk --json'],
  },
];

export const AREAS = ['ct600', 'package', 'schema', 'deadlines', 'taxonomy', 'ixbrl', 'accounts', 'office', 'clients'] as const;

export function findCommand(area: string, name: string): CommandSpec | undefined {
  return COMMANDS.find((c) => c.area === area && c.name === name);
}

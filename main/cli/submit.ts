/**
 * `cli ct600 submit FILE --environment til|ets|live [--endpoint URL]`: files
 * a built return with HMRC's Transaction Engine and prints the outcome as
 * JSON. The Government Gateway user ID and password come from the
 * environment or an owner-only secrets file, never from the command line
 * (any user of the machine can read another's with ps). Run again after an
 * interruption, the same command resumes the submission under way for that
 * return from its record: it is never sent a second time.
 * Exit: 0 accepted, 1 rejected or credentials refused, 2 unusable input or
 * refused before sending (an endpoint the password may not go to included,
 * for every environment), 4 not finished: HMRC's outcome is not known yet,
 * or an answer did not match this return (run the same command again; it is
 * never sent twice). Everything HMRC's side wrote is printed escaped.
 * While another Filing Desk files the same return (it holds the return's
 * claim, return-claim.ts) nothing is sent, exit 2, naming who holds it;
 * --take-over takes the claim from a holder that is not provably gone.
 * When the data folder has joined an office, the office's claim is taken
 * first (office-claims.ts): another desk filing the return, the return
 * already filed, or the office out of reach refuse it, exit 2, nothing sent.
 */
import { resolve } from 'node:path';
import { RequestValidationError } from '../engine/errors.js';
import { isFilingEnvironmentName, resolveEnvironment } from '../filing/environments.js';
import { DEFAULT_RETRY, FilingDesk, FilingRefusal, type FilingOutcome } from '../filing/filing-desk.js';
import { SubmissionMessageError, type GatewayCredentials } from '../filing/submission-message.js';
import { SubmissionStore, SubmissionStoreError } from '../filing/submission-store.js';
import { httpTransport } from '../filing/transport.js';
import { openCredentialStore } from '../credentials/open-credential-store.js';
import { officeClaimsFor } from '../office/office-claims-link.js';
import { appDataFolder } from './app-data-folder.js';
import { CT600_XML_INPUT } from './input-limits.js';
import { CliUsageError, readInput, type CliIo, type ParsedArgs } from './io.js';
import { clip } from '../filing/protocol-rules.js';
import { jsonText, terminalText } from './safe-text.js';
import { readSecretLines, ServiceSettingsError } from './service-settings.js';

const EXIT_NOT_FINISHED = 4;

const USER_ENV = 'FILING_DESK_GATEWAY_USER_ID';
const PASSWORD_ENV = 'FILING_DESK_GATEWAY_PASSWORD';

async function gatewayCredentials(secretsFile: string | undefined): Promise<GatewayCredentials> {
  let fromFile: Record<string, string> = {};
  if (secretsFile) {
    try {
      fromFile = await readSecretLines(secretsFile, ['gateway_user_id', 'gateway_password']);
    } catch (err) {
      if (err instanceof ServiceSettingsError) throw new RequestValidationError([{ field: 'secrets-file', message: err.message }]);
      throw err;
    }
  }
  const senderId = fromFile.gateway_user_id ?? process.env[USER_ENV];
  const password = fromFile.gateway_password ?? process.env[PASSWORD_ENV];
  const missing = [!senderId ? `the Government Gateway user ID (${USER_ENV}, or gateway_user_id= in --secrets-file)` : '', !password ? `the Government Gateway password (${PASSWORD_ENV}, or gateway_password= in --secrets-file)` : ''].filter(Boolean);
  if (missing.length > 0) throw new RequestValidationError([{ field: 'credentials', message: `filing needs ${missing.join(' and ')}; nothing was sent` }]);
  return { senderId: senderId!, password: password! };
}

function progressLine(io: CliIo) {
  let last = '';
  return (p: { step: string; nextCheckInSeconds?: number; problem?: string }) => {
    const line =
      p.step === 'sending' ? 'sending the return to HMRC'
      : p.step === 'asking-hmrc' ? 'asking HMRC whether it holds this submission'
      : p.step === 'waiting' ? `waiting for HMRC, next check in ${p.nextCheckInSeconds ?? 0} s`
      : p.step === 'polling' ? 'checking with HMRC'
      : p.step === 'retrying' ? `no usable answer yet (${clip(p.problem ?? 'trying again', 300)})`
      : '';
    // A problem may quote the server's words: never raw to the terminal.
    if (line && line !== last) io.err(`${terminalText(line)}\n`);
    last = line;
  };
}

export async function submit({ positional, values, flags }: ParsedArgs, io: CliIo): Promise<number> {
  if (positional.length !== 1) throw new CliUsageError('ct600 submit takes exactly one return (a built .xml file)', { area: 'ct600', name: 'submit' });
  const name = values.environment;
  if (!name || !isFilingEnvironmentName(name)) throw new CliUsageError('--environment must be til (Test in Live), ets (HMRC\'s external test service) or live', { area: 'ct600', name: 'submit' });
  let environment;
  try {
    environment = resolveEnvironment(name, values.endpoint);
  } catch (err) {
    throw new RequestValidationError([{ field: 'endpoint', message: (err as Error).message }]);
  }
  const tries = values.tries === undefined ? DEFAULT_RETRY.maxAttempts : Number(values.tries);
  if (!Number.isInteger(tries) || tries < 1 || tries > 100 || !/^\d+$/.test(values.tries ?? '8')) {
    throw new RequestValidationError([{ field: 'tries', message: '--tries must be a whole number from 1 to 100' }]);
  }
  const file = positional[0]!;
  const built = await readInput(file, CT600_XML_INPUT, 'file');
  const credentials = await gatewayCredentials(values['secrets-file']);
  const dataDir = resolve(values.data ?? appDataFolder(process.platform, process.env));
  const desk = new FilingDesk({
    store: new SubmissionStore({
      dataDir,
      claimedBy: 'the command line',
      // A data folder that joined an office files only under the office's claim (office-claims.ts).
      acrossDesks: officeClaimsFor(dataDir, {
        keychain: () => openCredentialStore(),
        howToTakeOver: 'If you are sure that desk is no longer filing it (it is switched off, say), run the same command with --take-over: the office then gives the claim to this desk',
      }),
    }),
    howToTakeOver: 'If you are sure it is no longer running (it ran on another computer that is switched off, say), run the same command with --take-over to take its claim over',
    transport: httpTransport(),
    credentials: async () => credentials,
    onProgress: progressLine(io),
    retry: { ...DEFAULT_RETRY, maxAttempts: tries },
  });
  const channel = { ...(values['vendor-id'] ? { vendorId: values['vendor-id'] } : {}), ...(values.product ? { product: values.product } : {}), ...(values['product-version'] ? { version: values['product-version'] } : {}) };
  let outcome: FilingOutcome;
  try {
    outcome = await desk.submit(built, { environment, channel, sendAgain: flags.has('send-again'), confirmAmendment: flags.has('confirm-amendment'), takeOver: flags.has('take-over') });
  } catch (err) {
    if (err instanceof SubmissionMessageError) throw new RequestValidationError([{ field: err.field, message: `${file}: ${err.message}; nothing was sent` }]);
    if (err instanceof FilingRefusal) throw new RequestValidationError([{ field: err.field, message: `${err.message}; nothing was sent` }]);
    if (err instanceof SubmissionStoreError) throw new RequestValidationError([{ field: 'data', message: `${err.message}; nothing was sent that is not recorded` }]);
    throw err;
  }
  io.out(`${jsonText(outcome, 2)}\n`);
  switch (outcome.outcome) {
    case 'accepted':
      return 0;
    case 'rejected':
    case 'authentication-failed':
      return 1;
    default:
      return EXIT_NOT_FINISHED;
  }
}

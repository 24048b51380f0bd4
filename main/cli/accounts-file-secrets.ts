/**
 * The Companies House secrets for `cli accounts file`: from an owner-only
 * secrets file (presenter_id=…, presenter_code=…, company_auth_code=…
 * lines; a file others can read is refused before it is read), else from the
 * environment (FILING_DESK_CH_PRESENTER_ID, FILING_DESK_CH_PRESENTER_CODE,
 * FILING_DESK_CH_AUTH_CODE); never from the command line, which any user of
 * the machine can read with ps.
 */
import { RequestValidationError } from '../engine/errors.js';
import type { FilingSecrets } from '../filing/companies-house/presenter-secrets.js';
import { readSecretLines, ServiceSettingsError } from './service-settings.js';

export const PRESENTER_ID_ENV = 'FILING_DESK_CH_PRESENTER_ID';
export const PRESENTER_CODE_ENV = 'FILING_DESK_CH_PRESENTER_CODE';
export const AUTH_CODE_ENV = 'FILING_DESK_CH_AUTH_CODE';

const KEYS = ['presenter_id', 'presenter_code', 'company_auth_code'] as const;

export async function companiesHouseSecrets(secretsFile: string | undefined, env: NodeJS.ProcessEnv = process.env): Promise<FilingSecrets> {
  let fromFile: Record<string, string> = {};
  if (secretsFile) {
    try {
      fromFile = await readSecretLines(secretsFile, KEYS);
    } catch (err) {
      if (err instanceof ServiceSettingsError) throw new RequestValidationError([{ field: 'secrets-file', message: `${err.message}; nothing was sent` }]);
      throw err;
    }
  }
  const presenterId = fromFile.presenter_id ?? env[PRESENTER_ID_ENV];
  const presenterCode = fromFile.presenter_code ?? env[PRESENTER_CODE_ENV];
  const companyAuthCode = fromFile.company_auth_code ?? env[AUTH_CODE_ENV];
  const missing = [
    !presenterId ? `the presenter ID (${PRESENTER_ID_ENV}, or presenter_id= in --secrets-file)` : '',
    !presenterCode ? `the presenter authentication code (${PRESENTER_CODE_ENV}, or presenter_code= in --secrets-file)` : '',
    !companyAuthCode ? `the company authentication code (${AUTH_CODE_ENV}, or company_auth_code= in --secrets-file)` : '',
  ].filter(Boolean);
  if (missing.length > 0) throw new RequestValidationError([{ field: 'credentials', message: `filing with Companies House needs ${missing.join(', ')}; nothing was sent` }]);
  return { presenterId: presenterId!, presenterCode: presenterCode!, companyAuthCode: companyAuthCode! };
}

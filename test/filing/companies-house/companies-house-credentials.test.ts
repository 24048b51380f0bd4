/** The keychain store for Companies House's secrets: saved and read by environment and company, checked by field, and reported without values. */
import { describe, expect, it } from 'vitest';
import { CompaniesHouseCredentialsMissing, CompaniesHouseCredentialStore } from '../../../main/filing/companies-house/presenter-keychain.js';
import { MemoryCredentialStore } from '../../../main/credentials/memory-credential-store.js';

describe('Companies House credentials in the keychain', () => {
  it('a presenter pair per environment and a code per company; the status never holds a value', async () => {
    const store = new CompaniesHouseCredentialStore(new MemoryCredentialStore());
    await store.savePresenter('test', 'E0001234567 ', 'Qw7Rt9Yu3Io');
    await store.saveCompanyAuthCode('02014751', 'AB12CD');
    const status = await store.status();
    expect(status.presenter).toEqual({ test: true, live: false });
    expect(JSON.stringify(status)).not.toMatch(/E0001234567|Qw7Rt9Yu3Io|AB12CD/);
    expect(await store.hasCompanyAuthCode('02014751')).toBe(true);
    expect(await store.secrets('test', '02014751')).toEqual({ presenterId: 'E0001234567', presenterCode: 'Qw7Rt9Yu3Io', companyAuthCode: 'AB12CD' });
    await expect(store.secrets('live', '02014751')).rejects.toMatchObject({ field: 'presenterId' });
    await expect(store.secrets('test', 'SC123456')).rejects.toMatchObject({ field: 'companyAuthCode' });
  });

  it('refuses by field what is not of Companies House\'s form, saving nothing', async () => {
    const store = new CompaniesHouseCredentialStore(new MemoryCredentialStore());
    await expect(store.saveCompanyAuthCode('02014751', 'AB12')).rejects.toBeInstanceOf(CompaniesHouseCredentialsMissing);
    await expect(store.savePresenter('live', '', 'code')).rejects.toMatchObject({ field: 'presenterId' });
    expect((await store.status()).presenter).toEqual({ test: false, live: false });
    expect(await store.hasCompanyAuthCode('02014751')).toBe(false);
  });
});

import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClientBook } from '../../main/store/client-book.js';
import { runCli } from './run-cli.js';

const dataFolder = () => mkdtemp(join(tmpdir(), 'cli-clients-'));
const bookText = (dir: string) => readFile(join(dir, 'clients.json'), 'utf8');
const errorsOf = (stderr: string) => (JSON.parse(stderr) as { errors: { field: string; message: string }[] }).errors;

describe('cli clients', () => {
  it('adds a client, edits it found by its UTR, and lists the book as a table and as JSON', async () => {
    const dir = await dataFolder();
    const added = runCli(['clients', 'add', '--data-folder', dir, '--name', 'Acme Trading Ltd', '--utr', '12345 67890', '--company-number', '01234567', '--period-end', '03-31']);
    expect(added.code, added.stderr).toBe(0);
    const client = JSON.parse(added.stdout);
    expect(client).toMatchObject({ companyName: 'Acme Trading Ltd', utr: '1234567890', registrationNumber: '01234567', periodEnd: '03-31', archived: false });

    const edited = runCli(['clients', 'edit', '--data-folder', dir, '--utr', '1234567890', '--name', 'Acme Trading Limited', '--period-end', '12-31']);
    expect(edited.code, edited.stderr).toBe(0);
    expect(JSON.parse(edited.stdout)).toMatchObject({ id: client.id, companyName: 'Acme Trading Limited', registrationNumber: '01234567', periodEnd: '12-31' });

    runCli(['clients', 'add', '--data-folder', dir, '--name', 'Beta Widgets Ltd', '--utr', '2222222222']);
    const table = runCli(['clients', 'list', '--data-folder', dir]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toBe(
      ['Name                  UTR         Company number  Period end', 'Acme Trading Limited  1234567890  01234567        12-31', 'Beta Widgets Ltd      2222222222  -               -', ''].join('\n'),
    );
    const json = runCli(['clients', 'list', '--data-folder', dir, '--json']);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout).map((c: { companyName: string; utr: string }) => [c.companyName, c.utr])).toEqual([
      ['Acme Trading Limited', '1234567890'],
      ['Beta Widgets Ltd', '2222222222'],
    ]);
    // The same book the window reads.
    expect((await new ClientBook({ dataDir: dir }).list({ query: '', includeArchived: false })).map((c) => c.companyName)).toEqual(['Acme Trading Limited', 'Beta Widgets Ltd']);
  });

  it('refuses an invalid field with exit 2, naming the option and the rule, and writes nothing', async () => {
    const dir = await dataFolder();
    const refused = runCli(['clients', 'add', '--data-folder', dir, '--name', 'Acme Trading Ltd', '--utr', '12345', '--period-end', '13-01']);
    expect(refused.code).toBe(2);
    expect(errorsOf(refused.stderr)).toEqual([
      { field: '--utr', message: 'must be exactly 10 digits (the company UTR)' },
      { field: '--period-end', message: '13-01 is not a real month and day' },
    ]);
    await expect(bookText(dir)).rejects.toThrow(/ENOENT/);

    runCli(['clients', 'add', '--data-folder', dir, '--name', 'Acme Trading Ltd', '--utr', '1234567890']);
    const before = await bookText(dir);
    const badNumber = runCli(['clients', 'edit', '--data-folder', dir, '--utr', '1234567890', '--company-number', '1234567']);
    expect(badNumber.code).toBe(2);
    expect(errorsOf(badNumber.stderr)).toEqual([{ field: '--company-number', message: 'must be 8 characters as Companies House writes it, with its leading zeros: 01234567' }]);
    const again = runCli(['clients', 'add', '--data-folder', dir, '--name', 'Acme Again Ltd', '--utr', '1234567890']);
    expect(again.code).toBe(2);
    expect(errorsOf(again.stderr)[0]).toMatchObject({ field: '--utr', message: expect.stringContaining('already the UTR of Acme Trading Ltd') });
    expect(await bookText(dir)).toBe(before);
  });

  it('refuses to edit when no client, or two clients, have the UTR', async () => {
    const dir = await dataFolder();
    const none = runCli(['clients', 'edit', '--data-folder', dir, '--utr', '1234567890', '--name', 'Acme']);
    expect(none.code).toBe(2);
    expect(errorsOf(none.stderr)).toEqual([{ field: '--utr', message: 'no client in the client book has the UTR 1234567890' }]);

    // Two clients with one UTR can be made in the window (the book allows it), never by `clients add`.
    const book = new ClientBook({ dataDir: dir });
    for (const companyName of ['Acme Trading Ltd', 'Acme Holdings Ltd']) await book.save(undefined, { companyName, utr: '1234567890', registrationNumber: '', periodEnd: '', serviceClientName: '', serviceClientId: '' });
    const before = await bookText(dir);
    const two = runCli(['clients', 'edit', '--data-folder', dir, '--utr', '1234567890', '--name', 'Acme']);
    expect(two.code).toBe(2);
    expect(errorsOf(two.stderr)).toEqual([{ field: '--utr', message: expect.stringMatching(/^2 clients have the UTR 1234567890 \(Acme Holdings Ltd, Acme Trading Ltd\)/) }]);
    expect(await bookText(dir)).toBe(before);
  });

  it('refuses a data folder that does not exist rather than starting an empty book', async () => {
    const dir = join(await dataFolder(), 'no-such-folder');
    const listed = runCli(['clients', 'list', '--data-folder', dir]);
    expect(listed.code).toBe(2);
    expect(errorsOf(listed.stderr)).toEqual([{ field: '--data-folder', message: `${dir} is not a folder: give the data folder that holds the client book` }]);
  });
});

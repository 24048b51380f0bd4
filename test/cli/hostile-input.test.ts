import { describe, it, expect, afterAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../helpers/shared.js';

function cli(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'main', 'cli', 'index.ts'), ...args], { cwd: repoRoot, encoding: 'utf8' });
}

describe('the CLI refuses hostile nesting as unusable input: exit 2, a clear message, never a stack', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fd-cli-hostile-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('ct600 verify on XML nested 4,500 levels', () => {
    const file = join(dir, 'deep.xml');
    writeFileSync(file, `<?xml version="1.0" encoding="UTF-8"?><GovTalkMessage><Body>${'<a>'.repeat(4500)}${'</a>'.repeat(4500)}</Body></GovTalkMessage>`);
    const r = cli('ct600', 'verify', file);
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stderr)).toEqual({ errors: [{ field: '', message: expect.stringMatching(/nests elements more than 256 levels deep/) }] });
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('ct600 build on a request file nested 100,000 levels', () => {
    const file = join(dir, 'deep.json');
    writeFileSync(file, '['.repeat(100_000));
    const r = cli('ct600', 'build', file);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('nests JSON more than 64 levels deep');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

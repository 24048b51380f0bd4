// The keychain library's native binary for every chip the installers target.
//
// @napi-rs/keyring ships one optional package per platform, and `npm ci`
// installs only the building machine's own: a Mac with Apple silicon gets
// keyring-darwin-arm64 and no keyring-darwin-x64, so without this the Intel
// DMG would carry no keychain library and its users would sign in at every
// launch. This fetches the other targets' packages from the npm registry at
// exactly the version package-lock.json pins, checks each tarball against the
// lock file's integrity hash, and unpacks it under build/keyring/node_modules,
// which electron-builder.yml adds to the mac and win apps (`files`).
//
//   node scripts/keyring-binaries.mjs [--platform darwin|win32|linux ...]   prepare (all platforms by default)
//   import { KEYRING_TARGETS, inspectKeyringBinary, ... }                     used by package:check
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
/** Where the other platforms' packages are unpacked (a node_modules of its own, as the app's requires expect). */
export const KEYRING_BUILD_DIR = join(root, 'build', 'keyring', 'node_modules');

/** Every platform and chip an installer is built for (electron-builder.yml), with what its binary must be. */
export const KEYRING_TARGETS = [
  { platform: 'darwin', arch: 'x64', pkg: '@napi-rs/keyring-darwin-x64', file: 'keyring.darwin-x64.node', format: 'Mach-O', cpu: 'x64' },
  { platform: 'darwin', arch: 'arm64', pkg: '@napi-rs/keyring-darwin-arm64', file: 'keyring.darwin-arm64.node', format: 'Mach-O', cpu: 'arm64' },
  { platform: 'win32', arch: 'x64', pkg: '@napi-rs/keyring-win32-x64-msvc', file: 'keyring.win32-x64-msvc.node', format: 'PE', cpu: 'x64' },
  { platform: 'linux', arch: 'x64', pkg: '@napi-rs/keyring-linux-x64-gnu', file: 'keyring.linux-x64-gnu.node', format: 'ELF', cpu: 'x64' },
];

/** The version and integrity package-lock.json pins for a package. */
export function lockedPackage(pkg, lockFile = join(root, 'package-lock.json')) {
  const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
  const entry = lock.packages?.[`node_modules/${pkg}`];
  if (!entry?.version || !entry?.integrity) throw new Error(`${pkg} is not pinned in package-lock.json (version and integrity)`);
  return { version: entry.version, integrity: entry.integrity };
}

/** Where a target's binary is: the installed package (the building machine's own) or the prepared one. */
export function keyringBinaryPath(target) {
  for (const base of [join(root, 'node_modules'), KEYRING_BUILD_DIR]) {
    const path = join(base, target.pkg, target.file);
    if (existsSync(path)) return path;
  }
  return null;
}

/** The executable format and CPU a native module was built for, read from its header. */
export function binaryKind(bytes) {
  const u32 = (at) => bytes.readUInt32LE(at);
  if (bytes.length >= 8 && u32(0) === 0xfeedfacf) {
    const cpu = { 0x01000007: 'x64', 0x0100000c: 'arm64' }[u32(4)] ?? `cpu 0x${u32(4).toString(16)}`;
    return { format: 'Mach-O', cpu };
  }
  if (bytes.length >= 8 && u32(0) === 0xbebafeca) return { format: 'Mach-O universal', cpu: 'several' };
  if (bytes.length >= 0x40 && bytes[0] === 0x4d && bytes[1] === 0x5a) {
    const pe = u32(0x3c);
    if (bytes.length >= pe + 6 && bytes.toString('latin1', pe, pe + 4) === 'PE\0\0') {
      const machine = bytes.readUInt16LE(pe + 4);
      return { format: 'PE', cpu: { 0x8664: 'x64', 0xaa64: 'arm64', 0x14c: 'ia32' }[machine] ?? `machine 0x${machine.toString(16)}` };
    }
  }
  if (bytes.length >= 20 && bytes.toString('latin1', 0, 4) === '\x7fELF') {
    const machine = bytes.readUInt16LE(18);
    return { format: 'ELF', cpu: { 62: 'x64', 183: 'arm64' }[machine] ?? `machine ${machine}` };
  }
  return { format: 'unknown', cpu: 'unknown' };
}

/** Checks a target's binary is there and built for its platform and chip; the problem in plain words, or null. */
export async function inspectKeyringBinary(target) {
  const path = keyringBinaryPath(target);
  if (!path) return { path: null, problem: `${target.pkg}/${target.file} is missing: run node scripts/keyring-binaries.mjs --platform ${target.platform}` };
  const bytes = await readFile(path);
  const kind = binaryKind(bytes);
  const problem = kind.format === target.format && kind.cpu === target.cpu ? null : `${target.file} is ${kind.format} ${kind.cpu}, not ${target.format} ${target.cpu}`;
  return { path, size: bytes.length, kind, problem };
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Fetches one package at its locked version from the registry, checks its integrity and unpacks it under KEYRING_BUILD_DIR. */
async function fetchPackage(pkg) {
  const { version, integrity } = lockedPackage(pkg);
  const dest = join(KEYRING_BUILD_DIR, pkg);
  const present = existsSync(join(dest, 'package.json')) ? JSON.parse(readFileSync(join(dest, 'package.json'), 'utf8')).version : null;
  if (present === version) return `${pkg}@${version} already prepared`;
  const work = await mkdtemp(join(tmpdir(), 'fd-keyring-'));
  try {
    const packed = spawnSync(npm, ['pack', `${pkg}@${version}`, '--json', '--pack-destination', work, '--ignore-scripts'], { encoding: 'utf8', shell: process.platform === 'win32' });
    if (packed.status !== 0) throw new Error(`npm pack ${pkg}@${version} failed: ${packed.stderr.trim().split('\n').pop()}`);
    const [info] = JSON.parse(packed.stdout);
    const tarball = join(work, info.filename);
    const [algorithm, expected] = integrity.split('-', 2);
    const actual = createHash(algorithm).update(await readFile(tarball)).digest('base64');
    if (actual !== expected) throw new Error(`${pkg}@${version} from the registry does not match package-lock.json's integrity hash`);
    await rm(dest, { recursive: true, force: true });
    await mkdir(dest, { recursive: true });
    const unpacked = spawnSync('tar', ['-xzf', tarball, '-C', dest, '--strip-components=1'], { encoding: 'utf8' });
    if (unpacked.status !== 0) throw new Error(`unpacking ${pkg}@${version} failed: ${unpacked.stderr.trim()}`);
    return `${pkg}@${version} fetched and checked against package-lock.json`;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Makes every target binary of `platforms` available; the installed one of this machine is used as it is. */
export async function prepareKeyringBinaries(platforms = [...new Set(KEYRING_TARGETS.map((t) => t.platform))]) {
  const lines = [];
  for (const target of KEYRING_TARGETS.filter((t) => platforms.includes(t.platform))) {
    if (existsSync(join(root, 'node_modules', target.pkg, target.file))) {
      // One copy only: a stale prepared one would land on the same path in the app.
      await rm(join(KEYRING_BUILD_DIR, target.pkg), { recursive: true, force: true });
      lines.push(`${target.pkg} installed by npm (this machine's own)`);
      continue;
    }
    lines.push(await fetchPackage(target.pkg));
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const platforms = args.flatMap((arg, i) => (args[i - 1] === '--platform' ? [arg] : []));
  const known = new Set(KEYRING_TARGETS.map((t) => t.platform));
  const unknown = platforms.filter((p) => !known.has(p));
  if (unknown.length > 0) {
    console.error(`keyring-binaries: unknown platform ${unknown.join(', ')} (darwin, win32 or linux)`);
    process.exit(2);
  }
  try {
    for (const line of await prepareKeyringBinaries(platforms.length > 0 ? platforms : undefined)) console.log(line);
    let failed = false;
    for (const target of KEYRING_TARGETS.filter((t) => platforms.length === 0 || platforms.includes(t.platform))) {
      const seen = await inspectKeyringBinary(target);
      console.log(`${seen.problem ? 'FAIL' : 'ok  '} ${target.platform}-${target.arch}: ${seen.problem ?? `${target.file} (${seen.kind.format} ${seen.kind.cpu})`}`);
      failed ||= Boolean(seen.problem);
    }
    if (failed) process.exit(1);
  } catch (error) {
    console.error(`keyring-binaries: ${error.message}`);
    process.exit(1);
  }
}

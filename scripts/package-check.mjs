// `npm run package:check`: the packaging checked offline (also run by .ci/run).
//  1. electron-builder.yml passes electron-builder's own schema validation;
//  2. the app is built (or `--dist <folder>` names a build to use) and
//     packaged with `electron-builder --linux dir` against a stand-in
//     Electron (the real one cannot be downloaded here);
//  3. from the asar listing it prints the entry points, the renderer, the
//     engine worker and the keyring's unpacked native file, checks the fuses,
//     and that no tests, source maps, .env files, development dependencies or
//     the command line's bundle are inside;
//  4. the keychain library's native binary of every platform and chip an
//     installer is built for (macOS x64 and arm64, Windows x64, Linux x64):
//     fetched from the npm registry at the locked version when npm did not
//     install it here (scripts/keyring-binaries.mjs), built for that chip
//     (read from its header), and inside that platform's app by
//     electron-builder.yml's own file rules.
// Exits 1 with the reasons when a check fails.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { copyFile, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config');
const { DebugLogger } = require('builder-util');
const { extractFile, listPackage } = require('@electron/asar');
const { getCurrentFuseWire } = require('@electron/fuses');
const { getFileMatchers } = require('app-builder-lib/out/fileMatcher');
const { KEYRING_BUILD_DIR, KEYRING_TARGETS, binaryKind, inspectKeyringBinary, prepareKeyringBinaries } = await import('./keyring-binaries.mjs');

const problems = [];
const say = (line) => console.log(line);
const check = (ok, line, problem) => {
  say(`${ok ? '  ok  ' : '  FAIL'} ${line}`);
  if (!ok) problems.push(problem ?? line);
};
const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result;
};

/** A stand-in Electron: a script carrying the fuse sentinel and Electron's default fuse wire, so electron-builder can package and flip fuses offline. */
async function standInElectron(dir, version) {
  await mkdir(join(dir, 'resources'), { recursive: true });
  const defaults = '10011001';
  const binary = Buffer.concat([Buffer.from('#!/bin/sh\nexit 0\n# '), Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'), Buffer.from([1, defaults.length]), Buffer.from(defaults), Buffer.from('\n')]);
  await writeFile(join(dir, 'electron'), binary, { mode: 0o755 });
  await writeFile(join(dir, 'version'), version);
}

async function main() {
  const args = process.argv.slice(2);
  const distAt = args.indexOf('--dist');
  const givenDist = distAt >= 0 ? resolve(args[distAt + 1] ?? '') : null;
  if (process.platform !== 'linux') {
    console.error('package:check packages the Linux dir target and runs on Linux (CI); on macOS and Windows use npm run dist:mac / dist:win.');
    process.exit(2);
  }

  say('electron-builder.yml');
  const config = await getConfig(root, join(root, 'electron-builder.yml'), null);
  await validateConfiguration(config, new DebugLogger(false));
  check(true, "passes electron-builder's schema validation");

  say('keychain library binaries, one per target platform and chip');
  for (const line of await prepareKeyringBinaries()) say(`  ${line}`);
  const platformKey = { darwin: 'mac', win32: 'win', linux: 'linux' };
  const platformName = { darwin: 'macOS', win32: 'Windows', linux: 'Linux' };
  for (const target of KEYRING_TARGETS) {
    const seen = await inspectKeyringBinary(target);
    const inApp = join('node_modules', target.pkg, target.file).replaceAll('\\', '/');
    const what = `${platformName[target.platform]} ${target.arch}: ${inApp}`;
    if (seen.problem) {
      check(false, `${what}: ${seen.problem}`, `the keyring binary for ${platformName[target.platform]} ${target.arch}: ${seen.problem}`);
      continue;
    }
    // Inside that platform's app: npm's own copy (taken by the top-level rule, as the Linux package below shows), or the platform's file set.
    const installed = seen.path.startsWith(join(root, 'node_modules'));
    const matchers = getFileMatchers(config, 'files', '/app', { macroExpander: (v) => v, customBuildOptions: config[platformKey[target.platform]] ?? {}, globalOutDir: join(root, 'release'), defaultSrc: root }) ?? [];
    const packedBy = matchers.find((m) => m.from !== root && seen.path.startsWith(`${m.from}/`) && m.createFilter()(seen.path, statSync(seen.path)) && join(m.to, relative(m.from, seen.path)) === join('/app', inApp));
    check(
      installed || Boolean(packedBy),
      `${what}  (${seen.kind.format} ${seen.kind.cpu}, ${seen.size} bytes, ${installed ? 'installed by npm' : `from ${relative(root, KEYRING_BUILD_DIR)}`})`,
      `the keyring binary for ${platformName[target.platform]} ${target.arch} is not packed into that app by electron-builder.yml`,
    );
  }

  await mkdir(join(root, 'test-output'), { recursive: true });
  // Under test-output/ so the hard links below stay on node_modules' own file system.
  const work = await mkdtemp(join(root, 'test-output', 'package-check-'));
  try {
    const project = join(work, 'project');
    await mkdir(project);
    let dist = givenDist;
    if (!dist) {
      say('building the app into a temporary folder');
      dist = join(project, 'dist');
      const env = { ...process.env, NODE_ENV: 'production' };
      run(join(root, 'node_modules', '.bin', 'vite'), ['build', '--config', 'renderer/vite.config.ts', '--outDir', join(dist, 'renderer'), '--emptyOutDir', '--logLevel', 'warn'], { env });
      run(process.execPath, [join(root, 'scripts', 'build-main.mjs'), '--out-dir', dist], { env });
    } else {
      await cp(dist, join(project, 'dist'), { recursive: true });
    }
    for (const file of ['package.json', 'package-lock.json', 'electron-builder.yml']) await copyFile(join(root, file), join(project, file));
    await cp(join(root, 'assets'), join(project, 'assets'), { recursive: true });
    // node_modules as hard links: a symlink hides the keyring's platform package from electron-builder's walk; a copy is 270 MB.
    // realpath: a checkout whose node_modules is itself a symlink (a git worktree sharing one) is linked from the real folder.
    run('cp', ['-al', realpathSync(join(root, 'node_modules')), join(project, 'node_modules')]);
    if (existsSync(join(root, 'build', 'keyring'))) {
      await mkdir(join(project, 'build'), { recursive: true });
      run('cp', ['-al', join(root, 'build', 'keyring'), join(project, 'build', 'keyring')]);
    }
    const electronVersion = JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
    await standInElectron(join(work, 'electron'), electronVersion);

    say('electron-builder --linux dir (stand-in Electron)');
    // The macOS and Windows apps cannot be packed here, but their keyring file
    // sets can: the Linux package also takes the mac and win `files` rules,
    // so electron-builder itself shows where those binaries land (and that
    // asarUnpack takes them out of the asar), exactly as in their own apps.
    const checkConfig = join(project, 'electron-builder.check.json');
    await writeFile(checkConfig, JSON.stringify({ ...config, linux: { ...config.linux, files: [...(config.mac?.files ?? []), ...(config.win?.files ?? [])] } }));
    run(join(root, 'node_modules', '.bin', 'electron-builder'), ['--linux', 'dir', '--publish', 'never', '--projectDir', project, '--config', checkConfig, `-c.electronDist=${join(work, 'electron')}`, `-c.directories.output=${join(work, 'release')}`], { cwd: project, timeout: 300_000 });
    const unpacked = join(work, 'release', 'linux-unpacked');
    const asarFile = join(unpacked, 'resources', 'app.asar');
    const entries = listPackage(asarFile, { isPack: false }).map((f) => f.replaceAll('\\', '/'));
    say(`app.asar: ${entries.length} entries`);

    // With the only-load-from-asar and asar-integrity fuses on, Electron starts
    // the app from app.asar alone: whatever main loads must be inside it, at
    // the path main loads it from (main/app-layout.json, which main/index.ts
    // joins), or the app stops before it can write a log and the user sees nothing.
    const layout = JSON.parse(readFileSync(join(root, 'main', 'app-layout.json'), 'utf8'));
    const packedPkg = entries.includes('/package.json') ? JSON.parse(extractFile(asarFile, 'package.json').toString('utf8')) : {};
    check(packedPkg.main === layout.mainEntry, `/package.json  (main: ${packedPkg.main ?? 'missing'}, the entry main/app-layout.json names: ${layout.mainEntry})`, `app.asar's package.json does not name ${layout.mainEntry} as main`);
    for (const [what, key] of [
      ['main entry point', 'mainEntry'],
      ['preload, where main loads it', 'preload'],
      ['renderer page, served from the renderer folder', 'rendererPage'],
      ['engine worker, where main starts it', 'engineWorker'],
    ]) {
      const file = `/${layout[key]}`;
      check(entries.includes(file), `${file}  (${what})`, `${file} is missing from app.asar`);
    }
    check(layout.rendererPage.startsWith(`${layout.rendererDir}/`), `the renderer page is inside the folder app:// serves (${layout.rendererDir})`);
    check(!existsSync(join(unpacked, 'resources', 'app')), 'no resources/app folder beside app.asar (the fuses would refuse to load it)');
    const rendererAssets = entries.filter((f) => /^\/dist\/renderer\/assets\/.+\.js$/.test(f));
    check(rendererAssets.length > 0, `${rendererAssets[0] ?? '/dist/renderer/assets/*.js'}  (renderer script${rendererAssets.length > 1 ? `, and ${rendererAssets.length - 1} more` : ''})`);

    const nativeName = `keyring.linux-${process.arch}-gnu.node`;
    const nativeRelative = `node_modules/@napi-rs/keyring-linux-${process.arch}-gnu/${nativeName}`;
    check(existsSync(join(unpacked, 'resources', 'app.asar.unpacked', nativeRelative)), `app.asar.unpacked/${nativeRelative}  (native keyring, outside the asar)`, `${nativeName} is not unpacked beside app.asar`);
    check(entries.includes(`/${nativeRelative}`), `/${nativeRelative} listed in app.asar as unpacked`);
    const unpackedNative = join(unpacked, 'resources', 'app.asar.unpacked', nativeRelative);
    if (existsSync(unpackedNative)) {
      const kind = binaryKind(readFileSync(unpackedNative));
      check(kind.format === 'ELF' && kind.cpu === process.arch, `${nativeName} in the package is ${kind.format} ${kind.cpu}`);
    }
    for (const target of KEYRING_TARGETS.filter((t) => t.platform !== 'linux')) {
      const relativePath = `node_modules/${target.pkg}/${target.file}`;
      const packed = join(unpacked, 'resources', 'app.asar.unpacked', relativePath);
      const kind = existsSync(packed) ? binaryKind(readFileSync(packed)) : null;
      check(
        kind?.format === target.format && kind.cpu === target.cpu,
        `app.asar.unpacked/${relativePath}  (${platformName[target.platform]} ${target.arch} file set, packed by electron-builder: ${kind ? `${kind.format} ${kind.cpu}` : 'missing'})`,
        `electron-builder.yml's ${platformKey[target.platform]} files do not put ${target.file} beside app.asar`,
      );
    }
    const stray = entries.filter((f) => f.startsWith('/build/'));
    check(stray.length === 0, `no build/ folder inside (the other platforms' keyring packages go only to their own apps)${stray.length ? `: ${stray.slice(0, 3).join(', ')}` : ''}`);

    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const forbidden = [
      ['tests', (f) => /(^|\/)(test|tests|__tests__)\//.test(f.replace(/^\/node_modules\/.*/, '')) || /\.(test|spec)\.[cm]?[jt]sx?$/.test(f)],
      ['source maps', (f) => f.endsWith('.map')],
      ['.env files', (f) => /^\.env(\..*)?$/.test(f.split('/').pop() ?? '')],
      ['development dependencies', (f) => Object.keys(pkg.devDependencies).some((name) => f.startsWith(`/node_modules/${name}/`))],
      ['command line bundle', (f) => f.startsWith('/dist/cli/')],
      ['TypeScript sources', (f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts')],
    ];
    for (const [what, test] of forbidden) {
      const found = entries.filter(test);
      check(found.length === 0, `no ${what} inside${found.length ? `: ${found.slice(0, 5).join(', ')}` : ''}`);
    }
    const packageOf = (f) => f.split('/').slice(2, f.startsWith('/node_modules/@') ? 4 : 3).join('/');
    const packages = [...new Set(entries.filter((f) => f.split('/').length > (f.startsWith('/node_modules/@') ? 4 : 3)).filter((f) => f.startsWith('/node_modules/')).map(packageOf))];
    check(packages.every((name) => name.startsWith('@napi-rs/keyring')), `node_modules inside: ${packages.join(', ') || 'none'} (only the keyring)`);

    const fuses = await getCurrentFuseWire(join(unpacked, 'filing-desk'));
    const fuse = (i) => String.fromCharCode(fuses[i]);
    check(fuse(0) === '0' && fuse(2) === '0' && fuse(3) === '0', 'fuses: run-as-node, NODE_OPTIONS and --inspect off');
    check(fuse(4) === '1' && fuse(5) === '1' && fuse(7) === '0', 'fuses: asar integrity and app-only-from-asar on, file:// extras off');
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  if (problems.length > 0) {
    console.error(`package:check failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  say('package:check passed');
}

main().catch((error) => {
  console.error(`package:check could not run: ${error.message}`);
  process.exit(1);
});

/**
 * Arelle, the reference XBRL processor, where it is installed: the directory
 * holding arelleCmdLine.py named by ARELLE_DIR, run by ARELLE_PYTHON (default
 * python3; PYTHONPATH passes through for its dependencies). Used by the
 * benchmark against it (scripts/bench/ixbrl-arelle.ts) and by the recorder of
 * its verdicts (scripts/record-arelle-verdicts.ts). Arelle is never a
 * dependency of the app: CI has none, and both say so and go on without it.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

export interface ArelleInstall {
  dir: string;
  python: string;
}

/** Where Arelle is, or why it cannot be used here. */
export function findArelle(): { ok: true; arelle: ArelleInstall } | { ok: false; reason: string } {
  const dir = process.env.ARELLE_DIR;
  if (!dir) return { ok: false, reason: 'Arelle is not installed here (ARELLE_DIR, the directory holding arelleCmdLine.py, is not set)' };
  if (!existsSync(join(dir, 'arelleCmdLine.py'))) return { ok: false, reason: `Arelle is not installed here: ARELLE_DIR "${dir}" holds no arelleCmdLine.py` };
  return { ok: true, arelle: { dir, python: process.env.ARELLE_PYTHON ?? 'python3' } };
}

export interface ArelleLogEntry {
  code: string;
  level: string;
  message?: { text?: string };
  /** Where the message is about: a document or taxonomy file, with a fragment. */
  refs?: { href?: string }[];
}

export interface ArelleRun {
  /** The whole process, interpreter start included. */
  wallMs: number;
  /** Arelle's own figures from its log ("loaded in …", "validated in …"): the work without interpreter and plugin start-up. */
  loadMs: number | null;
  validateMs: number | null;
  entries: ArelleLogEntry[];
}

/** Arelle's codes for its own failures (not the document's): a verdict beside one of these is not a verdict. */
export const PROCESSOR_FAULTS = ['arelle:internalException', 'arelle:pluginLoadingError', 'arelle:packageLoadingError', 'arelle:disclosureSystemImportError', 'arelle:resolutionException'];

/** The command every use runs: offline, the Inline XBRL document set plugin, the given packages, full validation with XBRL 2.1 calculations. */
export function arelleArgs(arelle: ArelleInstall, file: string, packages: readonly string[], log: string): string[] {
  return [
    join(arelle.dir, 'arelleCmdLine.py'),
    '--plugins', 'inlineXbrlDocumentSet',
    '--file', file,
    '--packages', packages.join('|'),
    '--validate',
    '--calc', 'c10',
    '--internetConnectivity', 'offline',
    '--logFile', log,
  ];
}

export const ARELLE_COMMAND =
  'arelleCmdLine.py --plugins inlineXbrlDocumentSet --file <document> --packages <package as Taxonomy Packages 1.0> --validate --calc c10 --internetConnectivity offline';

/** Runs Arelle on one document and reads its JSON log; throws when Arelle itself failed. */
export async function runArelle(arelle: ArelleInstall, file: string, packages: readonly string[]): Promise<ArelleRun> {
  const log = `${file}.arelle-log.json`;
  rmSync(log, { force: true });
  const start = performance.now();
  const status = await new Promise<number>((resolve, reject) => {
    const child = spawn(arelle.python, arelleArgs(arelle, file, packages, log), { cwd: arelle.dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) => (existsSync(log) ? resolve(code ?? 0) : reject(new Error(`Arelle wrote no log for ${file} (exit ${code}): ${stderr}`))));
  });
  const wallMs = performance.now() - start;
  const entries = (JSON.parse(readFileSync(log, 'utf8')) as { log: ArelleLogEntry[] }).log;
  rmSync(log, { force: true });
  const broken = entries.filter((e) => PROCESSOR_FAULTS.includes(e.code));
  if (broken.length > 0) throw new Error(`Arelle did not run properly on ${file} (exit ${status}): ${broken.map((e) => e.code).join(', ')}`);
  const seconds = (pattern: RegExp) => {
    const m = entries.map((e) => pattern.exec(e.message?.text ?? '')).find((x) => x);
    return m ? Number(m[1]) * 1000 : null;
  };
  return { wallMs, loadMs: seconds(/\bloaded in ([\d.]+) secs/), validateMs: seconds(/\bvalidated in ([\d.]+) secs/), entries };
}

/** The distinct codes Arelle logged at the given levels, sorted. */
export function codesAt(entries: readonly ArelleLogEntry[], levels: readonly string[]): string[] {
  return [...new Set(entries.filter((e) => levels.includes(e.level.toLowerCase())).map((e) => e.code || '(no code)'))].sort();
}

export function arelleVersion(arelle: ArelleInstall): string {
  const version = join(arelle.dir, 'arelle', '_version.py');
  if (!existsSync(version)) return '(version unknown)';
  return /version\s*=\s*['"]([^'"]+)['"]/.exec(readFileSync(version, 'utf8'))?.[1] ?? '(version unknown)';
}

/**
 * The source's import graph, read with the TypeScript compiler's own import
 * scanner (static, type-only and dynamic imports alike: a type-only import
 * still ties two files' reasons to change together), for the architecture
 * tests: circles, and imports that run the wrong way between the floors.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import ts from 'typescript';

/** File → the files it imports, both as '/'-separated paths relative to the root. */
export type ImportGraph = Map<string, string[]>;

const SOURCE = /\.(ts|tsx|mts|cts)$/;

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(entry.name)) out.push(path);
  }
  return out;
}

/** The file a relative specifier names: `./x.js` is `./x.ts` or `./x.tsx` in the source, `./x` may be a folder's index. */
function resolveSpecifier(fromFile: string, specifier: string): string | undefined {
  const base = join(dirname(fromFile), specifier);
  const stem = base.replace(/\.(m|c)?jsx?$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.d.ts`, `${stem}.mts`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

const slash = (path: string) => path.split(sep).join('/');

/** Every relative import of every source file under `folders` (relative to `root`); package imports are left out. */
export function importGraph(root: string, folders: readonly string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of folders.flatMap((f) => sourceFiles(join(root, f)))) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolveSpecifier(file, fileName);
      if (target) targets.add(slash(relative(root, target)));
    }
    graph.set(slash(relative(root, file)), [...targets].sort());
  }
  return graph;
}

/** Each circle once, as the files around it (Tarjan's strongly connected components, plus files that import themselves). */
export function importCircles(graph: ImportGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(component.sort());
    }
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return circles;
}

/** A rule between floors: files under `from` may not import files under `to`, except under `unless`. */
export interface FloorRule {
  from: string;
  to: string;
  unless?: string[];
  why: string;
}

/** Every import breaking a rule, as "importer → imported (why)". */
export function floorViolations(graph: ImportGraph, rules: readonly FloorRule[]): string[] {
  const under = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`);
  const found: string[] = [];
  for (const [file, targets] of graph) {
    for (const rule of rules) {
      if (!under(file, rule.from)) continue;
      for (const target of targets) {
        if (under(target, rule.to) && !(rule.unless ?? []).some((u) => under(target, u))) found.push(`${file} → ${target} (${rule.why})`);
      }
    }
  }
  return found.sort();
}

/**
 * The reason written at each import that carries one: a `// floor: <why>`
 * comment on the lines just above the import (or the statement holding an
 * `import()`), keyed "importer → imported". An import that runs up the
 * floors is allowed only with one, so the reason is read where the import is.
 */
export function floorReasons(root: string, graph: ImportGraph): Map<string, string> {
  const reasons = new Map<string, string>();
  for (const file of graph.keys()) {
    const path = join(root, file);
    const text = readFileSync(path, 'utf8');
    if (!text.includes('floor:')) continue;
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
    const reasonBefore = (node: ts.Node): string | undefined => {
      // A reason may run on over the `//` lines after the one it starts on.
      let reason: string | undefined;
      for (const range of ts.getLeadingCommentRanges(text, node.pos) ?? []) {
        const comment = text.slice(range.pos, range.end);
        const match = /^\/[/*]\s*floor:\s*([^]*?)\s*(\*\/)?$/.exec(comment);
        if (match) reason = match[1];
        else if (reason !== undefined && comment.startsWith('//')) reason += ` ${comment.slice(2)}`;
      }
      return reason?.replace(/\s+/g, ' ').trim() || undefined;
    };
    const note = (specifier: string, statement: ts.Node) => {
      if (!specifier.startsWith('.')) return;
      const target = resolveSpecifier(path, specifier);
      const reason = reasonBefore(statement);
      if (target && reason) reasons.set(`${file} → ${slash(relative(root, target))}`, reason);
    };
    const visit = (node: ts.Node, statement: ts.Node) => {
      const holder = ts.isStatement(node) ? node : statement;
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        note(node.moduleSpecifier.text, node);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
        note(node.arguments[0].text, holder);
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        note(node.argument.literal.text, holder);
      }
      ts.forEachChild(node, (child) => visit(child, holder));
    };
    ts.forEachChild(source, (child) => visit(child, child));
  }
  return reasons;
}

/** A floor of the house: the folders and files on it ("main/engine", "main/index.ts", "preload/contract*" for a name's start). */
export interface Floor {
  name: string;
  holds: string[];
}

const holds = (pattern: string, file: string) =>
  pattern.endsWith('*') ? file.startsWith(pattern.slice(0, -1)) : file === pattern || file.startsWith(`${pattern}/`);

/** The floor a file is on (an index into floors, lowest first), or -1 when it is on none. */
export function floorOf(floors: readonly Floor[], file: string): number {
  return floors.findIndex((floor) => floor.holds.some((pattern) => holds(pattern, file)));
}

/**
 * Imports that run from a lower floor up (floors listed lowest first): those
 * without a written reason, and those with one, as "importer → imported"
 * (plus the reason). Imports within a floor are free. Files on no floor are
 * listed apart, so a new folder has to be given its place.
 */
export function upwardImports(graph: ImportGraph, floors: readonly Floor[], reasons: ReadonlyMap<string, string>) {
  const unexplained: string[] = [];
  const explained: string[] = [];
  const onNoFloor = new Set<string>();
  for (const [file, targets] of graph) {
    const from = floorOf(floors, file);
    if (from < 0) onNoFloor.add(file);
    for (const target of targets) {
      const to = floorOf(floors, target);
      if (to < 0) onNoFloor.add(target);
      if (from < 0 || to <= from) continue;
      const edge = `${file} → ${target}`;
      const reason = reasons.get(edge);
      if (reason) explained.push(`${edge} (${reason})`);
      else unexplained.push(`${edge} (from ${floors[from]!.name} up to ${floors[to]!.name})`);
    }
  }
  return { unexplained: unexplained.sort(), explained: explained.sort(), onNoFloor: [...onNoFloor].sort() };
}

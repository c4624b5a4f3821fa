import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { sourceFiles } from './find-import-cycles.js';

/** One import from one module of another, with the names it takes (`*` for a whole module). */
export interface ImportEdge {
  from: string;
  to: string;
  names: string[];
}

/** An import that climbs: `from` sits on a lower floor than `to`. */
export interface UpwardImport {
  from: string;
  to: string;
  names: string[];
  fromFloor: string;
  toFloor: string;
}

/**
 * Floors, lowest first. A module may import modules of its own floor or of a lower one, never of a
 * higher one. A module's floor is found from its path relative to the source root: the longest
 * entry of `folders` that is the path itself or one of its parent folders.
 */
export interface FloorTable {
  floors: readonly string[];
  /** Path prefix (a folder, or one file) relative to the source root → floor name. */
  folders: Readonly<Record<string, string>>;
  /** The floor of the files directly in the source root (the composition root). */
  topLevel: string;
}

function resolveSpecifier(from: string, specifier: string, known: Set<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(m?js|tsx?)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts')])
    if (known.has(candidate)) return candidate;
  return undefined;
}

/** The names an import or re-export takes (type-only ones included), `*` for the whole module. */
function importedNames(node: ts.ImportDeclaration | ts.ExportDeclaration): string[] {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return ['*'];
    const names: string[] = [];
    if (clause.name) names.push('default');
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
    if (bindings && ts.isNamedImports(bindings))
      for (const e of bindings.elements) names.push((e.propertyName ?? e.name).text);
    return names;
  }
  const clause = node.exportClause;
  if (!clause || ts.isNamespaceExport(clause)) return ['*'];
  return clause.elements.map((e) => (e.propertyName ?? e.name).text);
}

/** Every relative import, re-export and `import('…')` (in code or in a type) of one file. */
function importsOf(file: string): { specifier: string; names: string[] }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const out: { specifier: string; names: string[] }[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      out.push({ specifier: node.moduleSpecifier.text, names: importedNames(node) });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      out.push({
        specifier: node.argument.literal.text,
        names: [node.qualifier ? node.qualifier.getText(source) : '*'],
      });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      out.push({ specifier: node.arguments[0].text, names: ['*'] });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Every import between two modules under `dir` (tests aside), with the names taken. */
export function readImportEdges(dir: string): ImportEdge[] {
  const files = sourceFiles(resolve(dir));
  const known = new Set(files);
  const edges: ImportEdge[] = [];
  for (const file of files)
    for (const { specifier, names } of importsOf(file)) {
      const to = resolveSpecifier(file, specifier, known);
      if (to) edges.push({ from: file, to, names });
    }
  return edges;
}

/** The floor of a module (path relative to the source root), or undefined when none is named. */
export function floorOf(path: string, table: FloorTable): string | undefined {
  if (!path.includes('/')) return table.folders[path] ?? table.topLevel;
  let best: string | undefined;
  for (const prefix of Object.keys(table.folders))
    if (
      (path === prefix || path.startsWith(`${prefix}/`)) &&
      (!best || prefix.length > best.length)
    )
      best = prefix;
  return best === undefined ? undefined : table.folders[best];
}

/** Modules under `root` that the table places on no floor (each must be placed). */
export function unplacedModules(root: string, table: FloorTable): string[] {
  return sourceFiles(resolve(root))
    .map((f) => relative(root, f))
    .filter((f) => floorOf(f, table) === undefined);
}

/** The imports that climb from a lower floor to a higher one, paths relative to `root`. */
export function findUpwardImports(
  edges: ImportEdge[],
  root: string,
  table: FloorTable,
): UpwardImport[] {
  const rank = new Map(table.floors.map((f, i) => [f, i]));
  const out: UpwardImport[] = [];
  for (const edge of edges) {
    const from = relative(root, edge.from);
    const to = relative(root, edge.to);
    const fromFloor = floorOf(from, table);
    const toFloor = floorOf(to, table);
    if (fromFloor === undefined || toFloor === undefined) continue;
    if (rank.get(toFloor)! > rank.get(fromFloor)!)
      out.push({ from, to, names: edge.names, fromFloor, toFloor });
  }
  return out.sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

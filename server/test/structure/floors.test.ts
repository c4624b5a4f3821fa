import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import {
  findUpwardImports,
  floorOf,
  readImportEdges,
  unplacedModules,
  type FloorTable,
  type ImportEdge,
} from './find-upward-imports.js';
import { EXPRESS_FLOORS, SERVER_FLOORS } from './floors.js';
import { sourceFiles } from './find-import-cycles.js';

const SERVER_SRC = fileURLToPath(new URL('../../src', import.meta.url));
const ELECTRON = fileURLToPath(new URL('../../../electron', import.meta.url));
const RENDERER_SRC = fileURLToPath(new URL('../../../renderer/src', import.meta.url));

/** The package names a file imports (type-only imports included). */
function packagesOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.map((f) => f.fileName).filter((name) => !name.startsWith('.'));
}

describe('the floors of server/src', () => {
  it('every module sits on a floor of the table', () => {
    expect(unplacedModules(SERVER_SRC, SERVER_FLOORS)).toEqual([]);
  });

  it('no module imports a module of a higher floor (type-only imports included)', () => {
    const edges = readImportEdges(SERVER_SRC);
    expect(edges.length).toBeGreaterThan(500);
    const upward = findUpwardImports(edges, SERVER_SRC, SERVER_FLOORS).map(
      (u) =>
        `${u.from} (${u.fromFloor}) imports {${u.names.join(', ')}} from ${u.to} (${u.toFloor})`,
    );
    expect(upward).toEqual([]);
  });

  it('names the two files, the floors and the imported names of an upward import', () => {
    const table: FloorTable = {
      floors: ['low', 'high'],
      folders: { low: 'low', high: 'high', 'low/special.ts': 'high' },
      topLevel: 'high',
    };
    const edges: ImportEdge[] = [
      { from: '/r/low/a.ts', to: '/r/high/b.ts', names: ['makeB', 'BType'] },
      { from: '/r/high/b.ts', to: '/r/low/a.ts', names: ['a'] },
      { from: '/r/low/a.ts', to: '/r/low/c.ts', names: ['*'] },
      { from: '/r/low/c.ts', to: '/r/main.ts', names: ['default'] },
      { from: '/r/low/special.ts', to: '/r/high/b.ts', names: ['makeB'] },
    ];
    expect(findUpwardImports(edges, '/r', table)).toEqual([
      {
        from: 'low/a.ts',
        to: 'high/b.ts',
        names: ['makeB', 'BType'],
        fromFloor: 'low',
        toFloor: 'high',
      },
      { from: 'low/c.ts', to: 'main.ts', names: ['default'], fromFloor: 'low', toFloor: 'high' },
    ]);
    expect(floorOf('low/special.ts', table)).toBe('high');
    expect(floorOf('elsewhere/x.ts', table)).toBeUndefined();
  });

  it('reads type-only imports, re-exports and import() types as imports, with their names', () => {
    const edges = readImportEdges(SERVER_SRC).filter((e) => e.from === `${SERVER_SRC}/contract.ts`);
    const fromExchangeTypes = edges.find((e) => e.to === `${SERVER_SRC}/log/exchange-types.ts`);
    expect(fromExchangeTypes?.names).toContain('Exchange');
    const configTypes = edges.find((e) => e.to === `${SERVER_SRC}/config/config-types.ts`);
    expect(configTypes?.names).toEqual(['*']);
  });

  it('only the web floor and the composition root import Express', () => {
    const offenders = sourceFiles(SERVER_SRC)
      .filter((file) => packagesOf(file).some((p) => p === 'express' || p.startsWith('express/')))
      .map((file) => file.slice(SERVER_SRC.length + 1))
      .filter((path) => !EXPRESS_FLOORS.includes(floorOf(path, SERVER_FLOORS) ?? ''));
    expect(offenders).toEqual([]);
  });

  it('contract.ts is the renderer’s face: types only, imported by no server module but index.ts', () => {
    const file = `${SERVER_SRC}/contract.ts`;
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const valueStatements = source.statements.filter(
      (s) =>
        !(ts.isExportDeclaration(s) && s.isTypeOnly) &&
        !(ts.isImportDeclaration(s) && s.importClause?.isTypeOnly) &&
        !ts.isInterfaceDeclaration(s) &&
        !ts.isTypeAliasDeclaration(s),
    );
    expect(valueStatements.map((s) => s.getText(source))).toEqual([]);
    const importers = readImportEdges(SERVER_SRC)
      .filter((e) => e.to === file)
      .map((e) => e.from.slice(SERVER_SRC.length + 1));
    expect(importers).toEqual(['index.ts']);
  });
});

describe('Electron stays in electron/', () => {
  it('no module of server/src or renderer/src imports electron', () => {
    const offenders = [...sourceFiles(SERVER_SRC), ...sourceFiles(RENDERER_SRC)].filter((file) =>
      packagesOf(file).some((p) => p === 'electron' || p.startsWith('electron/')),
    );
    expect(offenders).toEqual([]);
    // The check reads real imports: electron/ itself has some.
    expect(sourceFiles(ELECTRON).some((file) => packagesOf(file).includes('electron'))).toBe(true);
  });
});

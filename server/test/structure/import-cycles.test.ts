import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { findImportCycles, readImportGraph, type ImportGraph } from './find-import-cycles.js';

const SERVER_SRC = fileURLToPath(new URL('../../src', import.meta.url));

describe('import cycles', () => {
  it('server/src has none (type-only imports and re-exports count too)', () => {
    const graph = readImportGraph(SERVER_SRC);
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get(`${SERVER_SRC}/create-simulator.ts`)).toContain(`${SERVER_SRC}/build-app.ts`);
    expect(findImportCycles(graph, SERVER_SRC)).toEqual([]);
  });

  it('names each cycle it finds, and a module importing itself', () => {
    const graph: ImportGraph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/c.ts']],
      ['/c.ts', ['/a.ts', '/d.ts']],
      ['/d.ts', []],
      ['/e.ts', ['/e.ts']],
    ]);
    expect(findImportCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
  });
});

import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildReason, markBuilt, OUTPUTS, SOURCES, STAMP } from './build-freshness.mjs';

let root: string;
const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, seconds));

function write(path: string, seconds: number): void {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, 'x');
  utimesSync(file, at(seconds), at(seconds));
}

/** A checkout whose sources date from t=0 s and whose outputs from t=10 s. */
function checkout(): void {
  write('server/src/cli.ts', 0);
  write('electron/main.ts', 0);
  write('renderer/src/main.tsx', 0);
  write('renderer/index.html', 0);
  write('vite.config.ts', 0);
  write('package.json', 0);
  for (const output of OUTPUTS) write(output, 10);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-freshness-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('buildReason', () => {
  it('asks for a build when an output is missing', () => {
    checkout();
    rmSync(join(root, 'dist/renderer/index.html'));
    expect(buildReason(root)).toBe('dist/renderer/index.html is missing');
  });

  it('asks for a build when no build has finished, even with every output present', () => {
    checkout();
    expect(buildReason(root)).toBe('no finished build is recorded');
  });

  it('is content after a recorded build although unchanged outputs stay older than a source', () => {
    checkout();
    // tsc -b leaves dist/electron alone when only server/src changed: its files keep t=10 s.
    write('server/src/tokens/sign.ts', 20);
    write(STAMP, 30);
    expect(buildReason(root)).toBeNull();
  });

  it('names the source folder edited after the last build', () => {
    checkout();
    write(STAMP, 30);
    write('renderer/src/app/App.tsx', 40);
    expect(buildReason(root)).toBe('renderer/src changed since the last build');
  });

  it('ignores tests and node_modules inside source folders', () => {
    checkout();
    write(STAMP, 30);
    write('server/src/tokens/sign.test.ts', 40);
    write('electron/window.e2e.ts', 40);
    write('electron/node_modules/x/index.js', 40);
    expect(buildReason(root)).toBeNull();
  });

  it('watches every source the outputs are built from', () => {
    for (const source of SOURCES) {
      rmSync(root, { recursive: true, force: true });
      mkdirSync(root);
      checkout();
      write(STAMP, 30);
      write(source.includes('.') ? source : `${source}/edited.ts`, 40);
      expect(buildReason(root), source).toBe(`${source} changed since the last build`);
    }
  });
});

describe('markBuilt', () => {
  it('records a build, creating dist when needed', () => {
    checkout();
    rmSync(join(root, 'dist'), { recursive: true });
    for (const output of OUTPUTS) write(output, 10);
    markBuilt(root);
    expect(buildReason(root)).toBeNull();
  });
});

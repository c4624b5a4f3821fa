#!/usr/bin/env node
// Runs vitest (its usual output, and a JSON report for the summary), then always prints the
// summary, whatever vitest's outcome. Exits non-zero when vitest failed or the summary counts a
// failure (a test file that failed without a failed test included). Arguments go to vitest.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readRun, REPORT, SKIP_NOTES, summarise } from './print-test-summary.mjs';

// A report or notes from an earlier run must not stand in for this one.
rmSync(REPORT, { force: true });
rmSync(SKIP_NOTES, { recursive: true, force: true });

const vitest = join(
  dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);
const run = spawnSync(
  process.execPath,
  [
    vitest,
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${REPORT}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);

const { report, notes } = readRun();
const summary = summarise(report, notes);
for (const line of summary.lines) console.log(line);
if (run.status !== 0 && summary.ok) console.log(`vitest exited with ${run.status ?? run.signal}`);
process.exitCode = run.status === 0 && summary.ok ? 0 : 1;

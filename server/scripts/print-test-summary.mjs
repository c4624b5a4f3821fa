#!/usr/bin/env node
// Prints vitest's totals as one plain line ("N passed, N failed, N skipped"), so any CI reads
// them, and fails when no test ran at all.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync('test-artifacts/vitest.json', 'utf8'));
const { numPassedTests: passed, numFailedTests: failed, numPendingTests: skipped } = report;
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (passed === 0) {
  console.error('No test ran.');
  process.exit(1);
}

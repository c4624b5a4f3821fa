#!/usr/bin/env node
// Prints vitest's totals as one plain closing line ("N passed, N failed, N skipped"), so any CI
// reads them. A test file that failed without a failed test (it did not load, or a hook threw)
// counts as one failure. Before that line come the files that failed that way and the tests
// skipped because a requirement is missing here or cannot exist on this system, with the reason.
// Exits non-zero when anything failed, when no test ran, or when there is no report at all.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPORT = 'test-artifacts/vitest.json';
/** Where the test requirements (server/test/helpers/requirements.ts) note each skip. */
export const SKIP_NOTES = 'test-artifacts/skipped-requirements';

/**
 * The summary of one vitest JSON report: the lines to print (the totals last) and whether the
 * run failed. `skipNotes` are the requirement skips noted during the run.
 */
export function summarise(report, skipNotes = []) {
  const lines = [];
  if (report === undefined) {
    lines.push(`no test report (${REPORT}): vitest stopped before writing it`);
    lines.push('0 passed, 1 failed, 0 skipped');
    return { lines, passed: 0, failed: 1, skipped: 0, ok: false };
  }
  const results = Array.isArray(report.testResults) ? report.testResults : [];
  const failedFiles = results.filter(
    (file) =>
      file.status === 'failed' &&
      !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  );
  const passed = Number(report.numPassedTests) || 0;
  // vitest says the run failed with no failed test or file: errors outside any test.
  const outside =
    report.success === false && !(Number(report.numFailedTests) > 0) && failedFiles.length === 0;
  const failed = (Number(report.numFailedTests) || 0) + failedFiles.length + (outside ? 1 : 0);
  const skipped = (Number(report.numPendingTests) || 0) + (Number(report.numTodoTests) || 0);
  for (const file of failedFiles) {
    const why = String(file.message ?? '').split('\n')[0] || 'no test ran';
    lines.push(`failed file: ${file.name} (${why})`);
  }
  if (outside) lines.push('failed: errors outside any test (see the output above)');
  const reasons = [...new Set(skipNotes.map((note) => `${note.file}: ${note.reason}`))].sort();
  for (const reason of reasons) lines.push(`skipped: ${reason}`);
  if (passed === 0) lines.push('No test ran.');
  lines.push(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  const ok = failed === 0 && passed > 0;
  return { lines, passed, failed, skipped, ok };
}

/** The report and the skip notes as the last run left them (undefined: no report). */
export function readRun(cwd = process.cwd()) {
  const reportPath = join(cwd, REPORT);
  const report = existsSync(reportPath) ? JSON.parse(readFileSync(reportPath, 'utf8')) : undefined;
  const notesDir = join(cwd, SKIP_NOTES);
  const notes = existsSync(notesDir)
    ? readdirSync(notesDir)
        .filter((name) => name.endsWith('.json'))
        .map((name) => JSON.parse(readFileSync(join(notesDir, name), 'utf8')))
    : [];
  return { report, notes };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { report, notes } = readRun();
  const summary = summarise(report, notes);
  for (const line of summary.lines) console.log(line);
  if (!summary.ok) process.exitCode = 1;
}

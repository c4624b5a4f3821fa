import { isViolation, isWarning } from './judge-step.js';
import type { ReportFormat, RpCheckReport, StepResult } from './rp-check-types.js';

/**
 * The report of a relying-party check run in three forms: JSON (the report itself), JUnit XML
 * (one test case per step, for CI) and a self-contained HTML page (no scripts, no external
 * resources; every value escaped) to attach to a test ticket. Warnings (requests that go against
 * a recommendation only) are listed apart from the verdicts and never fail a step.
 */

export interface RenderedReport {
  contentType: string;
  extension: string;
  text: string;
}

/** Characters XML 1.0 cannot carry at all. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

const escapeMarkup = (value: unknown): string =>
  String(value)
    .replace(NOT_XML, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const seconds = (from?: string, to?: string): number => {
  const a = from ? Date.parse(from) : NaN;
  const b = to ? Date.parse(to) : NaN;
  return Number.isFinite(a) && Number.isFinite(b) ? Math.max(0, (b - a) / 1000) : 0;
};

const STATUS_WORD: Record<StepResult['status'], string> = {
  pending: 'Not run',
  observing: 'Running',
  waiting: 'Waiting for the tester',
  passed: 'Passed',
  failed: 'Failed',
  skipped: 'Skipped',
  'not-judged': 'Not judged',
};

/** What the user saw, as kept with the step: the check's browser or the tester. */
export function describeSeen(step: StepResult): string | undefined {
  const o = step.outcome;
  if (!o) return undefined;
  const who = o.source === 'driver' ? "the check's browser" : 'the tester';
  const parts = [
    o.error
      ? `${who} could not finish: ${o.error}`
      : `${who}: ${o.signedIn ? 'signed in' : 'not signed in'}${o.identityAccepted === undefined ? '' : o.identityAccepted ? ', identity shown' : ', identity not shown'}`,
  ];
  if (o.page)
    parts.push(
      `last page ${o.page.url} ${o.page.status}${o.page.title ? ` "${o.page.title}"` : ''}${o.page.type ? ` (${o.page.type})` : ''}`,
    );
  if (o.probe) parts.push(`signed-in page ${o.probe.url} ${o.probe.status}: ${o.probe.detail}`);
  if (o.looks?.length)
    parts.push(
      `opened again: ${o.looks.map((l) => `${l.status} ${l.signedIn ? 'signed in' : 'not signed in'}`).join(', ')}`,
    );
  if (o.note) parts.push(o.note);
  return parts.join('; ');
}

function stepText(step: StepResult): string {
  const lines = [
    `${STATUS_WORD[step.status]}: ${step.reason ?? ''}`,
    `Instruction: ${step.instruction}`,
    `Expected: ${step.expectation}`,
  ];
  const seen = describeSeen(step);
  if (seen) lines.push(`Seen: ${seen}`);
  if (step.judgeReason && step.decidedBy === 'tester') lines.push(`Judge: ${step.judgeReason}`);
  for (const c of step.checks.filter(isViolation)) lines.push(`Request check failed: ${c.detail}`);
  for (const c of step.checks.filter(isWarning)) lines.push(`Warning (not a failure): ${c.detail}`);
  for (const e of step.exchanges)
    lines.push(
      `#${e.seq} ${e.method} ${e.path} -> ${e.status}${e.error ? ` ${e.error}` : ''} (${e.id})`,
    );
  return lines.join('\n');
}

export function renderJunit(report: RpCheckReport): string {
  const s = report.summary;
  const name = escapeMarkup(report.plan?.name ?? 'Relying-party check');
  const skipped = s.skipped + s.notJudged + s.pending;
  const time = seconds(report.startedAt, report.finishedAt ?? report.generatedAt).toFixed(3);
  const cases = report.steps.map((step) => {
    const attrs = `classname="rp-check.${escapeMarkup(report.plan?.id ?? 'plan')}" name="${escapeMarkup(step.title)}" time="${seconds(step.startedAt, step.endedAt).toFixed(3)}"`;
    const out = `<system-out>${escapeMarkup(stepText(step))}</system-out>`;
    const reason = escapeMarkup(step.reason ?? STATUS_WORD[step.status]);
    let inner = '';
    if (step.status === 'failed')
      inner = `<failure message="${reason}" type="${escapeMarkup(step.kind)}"/>`;
    else if (step.status !== 'passed')
      inner = `<skipped message="${escapeMarkup(STATUS_WORD[step.status])}: ${reason}"/>`;
    return `    <testcase ${attrs}>\n      ${inner ? `${inner}\n      ` : ''}${out}\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${name}" tests="${s.total}" failures="${s.failed}" errors="0" skipped="${skipped}" time="${time}">`,
    `  <testsuite name="${name}" tests="${s.total}" failures="${s.failed}" errors="0" skipped="${skipped}" time="${time}" timestamp="${escapeMarkup(report.startedAt ?? report.generatedAt)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

const BADGE: Record<StepResult['status'], string> = {
  pending: 'muted',
  observing: 'muted',
  waiting: 'warn',
  passed: 'ok',
  failed: 'bad',
  skipped: 'muted',
  'not-judged': 'warn',
};

export function renderHtml(report: RpCheckReport): string {
  const s = report.summary;
  const warningCount = report.steps.reduce((n, st) => n + st.checks.filter(isWarning).length, 0);
  const title = `Relying-party check: ${report.plan?.name ?? 'no plan'}`;
  const rows = report.steps
    .map((step, i) => {
      const failedChecks = step.checks.filter(isViolation);
      const warnings = step.checks.filter(isWarning);
      const exchanges = step.exchanges.length
        ? `<ul class="ex">${step.exchanges
            .map(
              (e) =>
                `<li${step.evidence.includes(e.id) ? ' class="evidence"' : ''}><code>#${escapeMarkup(e.seq)} ${escapeMarkup(e.method)} ${escapeMarkup(e.path)}</code> → ${escapeMarkup(e.status)}${e.error ? ` <code>${escapeMarkup(e.error)}</code>` : ''}</li>`,
            )
            .join('')}</ul>`
        : '<p class="muted">No exchanges.</p>';
      return `<section class="step">
<h2><span class="n">${i + 1}.</span> ${escapeMarkup(step.title)} <span class="badge ${BADGE[step.status]}">${escapeMarkup(STATUS_WORD[step.status])}</span></h2>
<p>${escapeMarkup(step.reason ?? '')}</p>
${step.note && !(step.reason ?? '').includes(step.note) ? `<p><strong>Tester's note:</strong> ${escapeMarkup(step.note)}</p>` : ''}
${step.judgeReason && step.decidedBy === 'tester' ? `<p class="muted"><strong>Judge:</strong> ${escapeMarkup(step.judgeReason)}</p>` : ''}
<dl><dt>Instruction</dt><dd>${escapeMarkup(step.instruction)}</dd><dt>Expected</dt><dd>${escapeMarkup(step.expectation)}</dd>${describeSeen(step) ? `<dt>Seen</dt><dd>${escapeMarkup(describeSeen(step))}</dd>` : ''}</dl>
${failedChecks.length ? `<ul class="checks">${failedChecks.map((c) => `<li>${escapeMarkup(c.name)}: ${escapeMarkup(c.detail)}</li>`).join('')}</ul>` : ''}
${warnings.length ? `<p class="warnings-title">Warnings (recommendations; they do not fail the step):</p><ul class="warnings">${warnings.map((c) => `<li>${escapeMarkup(c.name)}: ${escapeMarkup(c.detail)}</li>`).join('')}</ul>` : ''}
${exchanges}
</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeMarkup(title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1.5rem;color:#0b0c0c}
h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:1.1rem;margin:0 0 .25rem}
.meta,.muted{color:#505a5f}.summary{display:flex;gap:1rem;flex-wrap:wrap;margin:1rem 0;padding:0;list-style:none}
.summary li{border:1px solid #b1b4b6;border-radius:4px;padding:.25rem .75rem}
.step{border-top:1px solid #b1b4b6;padding:.75rem 0}.n{color:#505a5f}
.badge{font-size:.8rem;border-radius:3px;padding:.1rem .4rem;vertical-align:middle}
.ok{background:#cce2d8;color:#005a30}.bad{background:#f6d7d2;color:#942514}.warn{background:#fff7bf;color:#594d00}.badge.muted{background:#eee}
dl{display:grid;grid-template-columns:max-content 1fr;gap:0 1rem;margin:.5rem 0}dt{font-weight:600}dd{margin:0}
code{font-family:ui-monospace,monospace;font-size:.9em;overflow-wrap:anywhere}.ex .evidence{font-weight:600}.checks{color:#942514}.warnings,.warnings-title{color:#594d00}
</style>
</head>
<body>
<h1>${escapeMarkup(title)}</h1>
<p class="meta">${escapeMarkup(report.plan?.description ?? '')}</p>
<p class="meta">Simulator ${escapeMarkup(report.version)} at ${escapeMarkup(report.simulatorUrl)} · started ${escapeMarkup(report.startedAt ?? '')}${report.finishedAt ? ` · finished ${escapeMarkup(report.finishedAt)}` : ' · not finished'} · ${report.attended ? 'with a tester' : 'unattended'}</p>
<ul class="summary">
<li>${s.total} steps</li><li>${s.judged} judged</li><li class="ok">${s.passed} passed</li><li class="bad">${s.failed} failed</li><li>${s.skipped} skipped</li><li>${s.notJudged} not judged</li><li>${s.pending} not run</li><li class="warn">${warningCount} warnings</li>
</ul>
${rows}
<p class="meta">Generated ${escapeMarkup(report.generatedAt)}. Exchanges in bold are those a verdict rests on.</p>
</body>
</html>
`;
}

export function renderReport(report: RpCheckReport, format: ReportFormat): RenderedReport {
  switch (format) {
    case 'junit':
      return { contentType: 'application/xml', extension: 'xml', text: renderJunit(report) };
    case 'html':
      return { contentType: 'text/html', extension: 'html', text: renderHtml(report) };
    default:
      return {
        contentType: 'application/json',
        extension: 'json',
        text: `${JSON.stringify(report, null, 2)}\n`,
      };
  }
}

/** The format a report file name asks for (.xml, .json, .html/.htm), or undefined. */
export function formatForFile(file: string): ReportFormat | undefined {
  const ext = file.toLowerCase().match(/\.([a-z]+)$/)?.[1];
  if (ext === 'xml') return 'junit';
  if (ext === 'json') return 'json';
  if (ext === 'html' || ext === 'htm') return 'html';
  return undefined;
}

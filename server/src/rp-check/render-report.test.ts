import { describe, expect, it } from 'vitest';
import { formatForFile, renderHtml, renderJunit, renderReport } from './render-report.js';
import type { RpCheckReport, StepResult } from './rp-check-types.js';

const HOSTILE = `<script>alert("x")</script> & ' \u0001`;
const stepOf = (status: StepResult['status'], extra: Partial<StepResult> = {}): StepResult => ({
  id: status,
  title: `Step ${status} ${HOSTILE}`,
  kind: 'sign-in',
  instruction: HOSTILE,
  expectation: 'e',
  ask: { identity: false, returnCode: false, reauthenticate: false, claims: [] },
  status,
  reason: `because ${HOSTILE}`,
  exchanges: [
    {
      id: 'x1',
      seq: 1,
      endpoint: 'authorize',
      method: 'GET',
      path: `/authorize${HOSTILE}`,
      status: 302,
      startedAt: '2026-01-01T00:00:00Z',
    },
  ],
  evidence: ['x1'],
  checks: [
    { name: 'nonce', ok: false, detail: `no nonce ${HOSTILE}`, exchanges: ['x1'] },
    {
      name: 'state present and unique',
      ok: false,
      level: 'warning',
      rule: 'state-reused',
      detail: `state reused ${HOSTILE}`,
      exchanges: ['x1'],
    },
  ],
  attempts: 1,
  startedAt: '2026-01-01T00:00:00Z',
  endedAt: '2026-01-01T00:00:02Z',
  ...extra,
});
const report: RpCheckReport = {
  state: 'finished',
  plan: { id: 'p', name: `Plan ${HOSTILE}`, description: HOSTILE },
  attended: false,
  timeoutSeconds: 10,
  waitSeconds: 120,
  startedAt: '2026-01-01T00:00:00Z',
  finishedAt: '2026-01-01T00:01:00Z',
  steps: [
    stepOf('passed'),
    stepOf('failed'),
    stepOf('skipped'),
    stepOf('not-judged'),
    stepOf('pending', {
      note: `note ${HOSTILE}`,
      reason: 'r',
      decidedBy: 'tester',
      judgeReason: HOSTILE,
    }),
    stepOf('failed', { note: 'quoted', reason: 'The tester judged it failed: quoted' }),
  ],
  summary: { total: 6, passed: 1, failed: 2, skipped: 1, notJudged: 1, pending: 1, judged: 3 },
  generatedAt: '2026-01-01T00:01:00Z',
  simulatorUrl: 'http://localhost:3000',
  version: '1.0.0',
};

describe('renderJunit', () => {
  const xml = renderJunit(report);
  it('has one test case per step: failures, skips for steps not passed or failed', () => {
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites /);
    expect(xml).toContain('tests="6" failures="2" errors="0" skipped="3" time="60.000"');
    expect(xml.match(/<testcase /g)).toHaveLength(6);
    expect(xml.match(/<failure /g)).toHaveLength(2);
    expect(xml.match(/<skipped /g)).toHaveLength(3);
    expect(xml).toContain('time="2.000"');
  });
  it('lists warnings apart: in the output, never as failures', () => {
    expect(xml).toContain('Request check failed: no nonce');
    expect(xml).toContain('Warning (not a failure): state reused');
    expect(xml).not.toMatch(/<failure[^>]*state reused/);
  });
  it('escapes every value and drops characters XML cannot hold', () => {
    expect(xml).not.toContain('<script>');
    expect(xml).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;');
    expect(xml).not.toContain('\u0001');
  });
});

describe('renderHtml', () => {
  const html = renderHtml(report);
  it('is a self-contained page without scripts or external resources', () => {
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script|src=|href=|@import|url\(/i);
    expect(html).toContain("default-src 'none'");
    expect(html).toContain('<li class="ok">1 passed</li><li class="bad">2 failed</li>');
  });
  it('lists warnings apart from the failed request checks', () => {
    expect(html).toContain('<li class="warn">6 warnings</li>');
    expect(html).toMatch(
      /Warnings \(recommendations; they do not fail the step\):<\/p><ul class="warnings"><li>state present and unique: state reused &lt;script&gt;/,
    );
    expect(html).toMatch(/<ul class="checks"><li>nonce: no nonce/);
  });
  it('escapes every value', () => {
    expect(html).toContain('Plan &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;');
    expect(html).toContain("<strong>Tester's note:</strong> note &lt;script&gt;");
    expect(html.match(/Tester's note/g)).toHaveLength(1);
  });
});

describe('what the user saw, in the reports', () => {
  const seen = stepOf('failed', {
    outcome: {
      source: 'driver',
      signedIn: true,
      identityAccepted: true,
      page: { url: 'http://localhost:8080/account', status: 200, title: `Account ${HOSTILE}` },
      probe: {
        url: 'http://localhost:8080/account',
        status: 200,
        signedIn: true,
        detail: 'it answered 200',
      },
      at: '2026-01-01T00:00:02Z',
    },
  });
  const withSeen = { ...report, steps: [seen] };
  it('JUnit and HTML name the last page, its title and the probe', () => {
    expect(renderJunit(withSeen)).toContain(
      'Seen: the check&#39;s browser: signed in, identity shown; last page http://localhost:8080/account 200 &quot;Account &lt;script&gt;',
    );
    expect(renderHtml(withSeen)).toContain('<dt>Seen</dt><dd>the check&#39;s browser: signed in');
    expect(renderHtml(withSeen)).not.toContain('<script>');
  });
  it('a step without an outcome says nothing of it', () => {
    expect(renderJunit(report)).not.toContain('Seen:');
  });
});

describe('renderReport and formatForFile', () => {
  it('picks the format by extension, case-insensitively', () => {
    expect(formatForFile('out/report.XML')).toBe('junit');
    expect(formatForFile('r.json')).toBe('json');
    expect(formatForFile('r.htm')).toBe('html');
    expect(formatForFile('r.txt')).toBeUndefined();
    expect(formatForFile('report')).toBeUndefined();
  });
  it('JSON is the report itself', () => {
    const r = renderReport(report, 'json');
    expect(JSON.parse(r.text)).toEqual(report);
    expect(r).toMatchObject({ contentType: 'application/json', extension: 'json' });
  });
});

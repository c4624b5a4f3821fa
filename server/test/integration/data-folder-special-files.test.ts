/**
 * A data folder full of odd files: a named pipe, links to /dev/zero and /etc/passwd, a file over
 * the size cap. Reading never blocks, never reads without limit, never shows what a file holds,
 * and nothing in the folder changes.
 */
import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStartupFiles } from '../../src/startup-files.js';
import { defaultConfig } from '../../src/config/defaults.js';
import { readPlanFile } from '../../src/rp-check/plan-store.js';
import { testSimulator } from '../helpers/test-simulator.js';
import { expectStillServing } from '../helpers/protocol.js';

const API = '/_simulator/api';
const PASSWD_START = readFileSync('/etc/passwd', 'utf8').slice(0, 12);
let dir: string;

/** Every file's name and bytes (links as their target), to show nothing changed. */
function snapshot(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const kind of ['personas', 'scenarios', 'plans']) {
    for (const name of readdirSync(join(dir, kind)).sort()) {
      const full = join(dir, kind, name);
      out[`${kind}/${name}`] = name.startsWith('good')
        ? readFileSync(full, 'utf8')
        : execFileSync('stat', ['-c', '%F %s %N', full], { encoding: 'utf8' });
    }
  }
  return out;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'odd-data-'));
  for (const kind of ['personas', 'scenarios', 'plans']) {
    mkdirSync(join(dir, kind));
    execFileSync('mkfifo', [join(dir, kind, 'pipe.json')]);
    symlinkSync('/dev/zero', join(dir, kind, 'zero.json'));
    symlinkSync('/etc/passwd', join(dir, kind, 'passwd.json'));
    writeFileSync(join(dir, kind, 'huge.json'), `{"name":"${'x'.repeat(1024 * 1024)}"}`);
  }
  writeFileSync(
    join(dir, 'personas', 'good.json'),
    JSON.stringify({ name: 'Good', sub: 'urn:fdc:gov.uk:2022:good' }),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('special files in the data folder', () => {
  it('GET of a pipe, a device link, an outside link or a huge file answers at once, naming no contents', async () => {
    const sim = testSimulator({ dataDir: dir });
    const before = snapshot();
    for (const kind of ['personas', 'scenarios']) {
      for (const id of ['pipe', 'zero', 'passwd', 'huge']) {
        const res = await request(sim.app).get(`${API}/${kind}/${id}`);
        expect(res.status, `${kind}/${id}: ${res.text}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.text).not.toContain(PASSWD_START);
      }
      const list = await request(sim.app).get(`${API}/${kind}`).expect(200);
      const problems = list.body.problems as { file: string; message: string }[];
      const byFile = Object.fromEntries(problems.map((p) => [p.file, p.message]));
      expect(byFile[`${kind}/pipe.json`]).toMatch(/not a regular file/);
      expect(byFile[`${kind}/zero.json`]).toMatch(/link to outside the data folder/);
      expect(byFile[`${kind}/passwd.json`]).toMatch(/link to outside the data folder/);
      expect(byFile[`${kind}/huge.json`]).toMatch(/larger than 1024 KiB/);
      expect(list.text).not.toContain(PASSWD_START);
    }
    for (const id of ['pipe', 'zero', 'passwd']) {
      const applied = await request(sim.app).post(`${API}/scenarios/${id}/apply`);
      expect(applied.status).toBeGreaterThanOrEqual(400);
      expect(applied.status).toBeLessThan(500);
      const diff = await request(sim.app).get(`${API}/diff?left=defaults&right=scenario:${id}`);
      expect(diff.status).toBeLessThan(500);
      expect(diff.text).not.toContain(PASSWD_START);
    }
    const plans = await request(sim.app).get(`${API}/rp-check/plans`).expect(200);
    expect(plans.text).toMatch(/not a regular file/);
    expect(plans.text).not.toContain(PASSWD_START);
    expect(snapshot()).toEqual(before);
    await expectStillServing(sim.app);
  });

  it('--scenario and --rp-check given such a file refuse it in one line, naming no contents', () => {
    for (const name of ['pipe', 'zero', 'passwd', 'huge']) {
      const file = join(dir, 'scenarios', `${name}.json`);
      const loaded = loadStartupFiles(defaultConfig(), { scenario: file, dataDir: dir });
      expect(loaded.ok).toBe(false);
      if (!loaded.ok) {
        expect(loaded.error).not.toContain('\n');
        expect(loaded.error).not.toContain(PASSWD_START);
      }
      const plan = readPlanFile(join(dir, 'plans', `${name}.json`));
      expect(plan.ok).toBe(false);
      if (!plan.ok) expect(plan.error).not.toContain(PASSWD_START);
    }
    const byId = loadStartupFiles(defaultConfig(), { scenario: 'pipe', dataDir: dir });
    expect(byId.ok).toBe(false);
  });
});

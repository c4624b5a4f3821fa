import { describe, expect, it } from 'vitest';
import { headlessNodeFlags, runNode } from './processes.mjs';

describe('the headless process settings', () => {
  it('reads the V8 memory flags of `npm run headless` from package.json', () => {
    expect(headlessNodeFlags()).toEqual(['--max-semi-space-size=4', '--heap-growing-percent=50']);
  });

  it('are flags this Node accepts, and they bound the young generation', async () => {
    const run = await runNode([
      ...headlessNodeFlags(),
      '-e',
      `const v8 = require('node:v8');
       let keep = [];
       for (let i = 0; i < 2e6; i++) { keep.push({ i }); if (keep.length > 10000) keep = []; }
       const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
       console.log(space.space_size);`,
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    // Two semi-spaces of at most 4 MiB each; Node's default grows to 2 × 16 MiB under load.
    expect(Number(run.stdout.trim())).toBeLessThanOrEqual(8 * 1024 * 1024);
  });
});

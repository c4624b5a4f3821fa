/** Reads a V8 .cpuprofile and answers where the self time went, by function and by area. */
import { readFileSync } from 'node:fs';

/** Where a script belongs: a package, a folder of the simulator, or Node itself. */
export function areaOf(url, name = '') {
  if (!url) return `native ${name || '(anonymous)'}`;
  if (url.startsWith('node:'))
    return url.startsWith('node:internal/crypto') ? 'node crypto' : 'node core';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const own = /dist\/server\/src\/(.+?)\/[^/]+\.js$/.exec(url);
  if (own) return `server/src/${own[1]}`;
  if (/dist\/server\/src\/[^/]+\.js$/.test(url)) return 'server/src';
  return url;
}

/**
 * @param {string} file path of a .cpuprofile
 * @param {number} [top]
 */
export function summariseProfile(file, top = 15) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    const delta = timeDeltas[i + 1] ?? 0;
    self.set(samples[i], (self.get(samples[i]) ?? 0) + delta);
  }
  let total = 0;
  const fns = new Map();
  const areas = new Map();
  for (const [id, micros] of self) {
    const { callFrame } = byId.get(id);
    total += micros;
    const name = callFrame.functionName || '(anonymous)';
    const where = callFrame.url
      ? `${callFrame.url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${callFrame.lineNumber + 1}`
      : '';
    const key = `${name} ${where}`.trim();
    fns.set(key, (fns.get(key) ?? 0) + micros);
    const area = ['(idle)', '(program)', '(garbage collector)'].includes(name)
      ? name
      : areaOf(callFrame.url, name);
    areas.set(area, (areas.get(area) ?? 0) + micros);
  }
  const rank = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({
        name,
        ms: Math.round(micros / 1000),
        share: Math.round((micros / total) * 1000) / 10,
      }));
  return { totalMs: Math.round(total / 1000), functions: rank(fns), areas: rank(areas) };
}

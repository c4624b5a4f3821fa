import { describe, expect, it } from 'vitest';
import { DESKTOP_CHANNELS } from './desktop-channels.js';

describe('DESKTOP_CHANNELS', () => {
  it('names every channel desktop:<verb-noun>, each once', () => {
    const names = Object.values(DESKTOP_CHANNELS);
    for (const name of names) expect(name).toMatch(/^desktop:[a-z]+(-[a-z]+)+$/);
    expect(new Set(names).size).toBe(names.length);
  });
});

import { describe, expect, it } from 'vitest';
import { sectionInView } from './section-in-view.js';

const at = (...tops: number[]) => tops.map((top, i) => ({ id: `s${i}`, top }));

describe('sectionInView', () => {
  it('marks the first section at the top of the form', () => {
    expect(sectionInView(at(0, 500, 1200), 600, false)).toBe('s0');
  });

  it('marks the last section whose top passed the upper third', () => {
    expect(sectionInView(at(-700, -100, 300, 900), 600, false)).toBe('s1');
    expect(sectionInView(at(-900, -400, 200, 700), 600, false)).toBe('s2');
  });

  it('marks the last section at the end of the form, even when it is too short to rise', () => {
    // "Simulator & keys" under "Documents": both in view, the form cannot scroll further.
    expect(sectionInView(at(-1500, -300, 100, 420), 600, false)).toBe('s2');
    expect(sectionInView(at(-1500, -300, 100, 420), 600, true)).toBe('s3');
  });

  it('has nothing to mark without sections', () => {
    expect(sectionInView([], 600, true)).toBeUndefined();
  });
});

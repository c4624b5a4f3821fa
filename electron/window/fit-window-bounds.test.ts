import { describe, expect, it } from 'vitest';
import { fitWindowBounds, type Rect } from './fit-window-bounds.js';

const laptop: Rect = { x: 0, y: 0, width: 1440, height: 900 };
const monitor: Rect = { x: 1440, y: 0, width: 2560, height: 1440 };

describe('fitWindowBounds', () => {
  it('keeps a window that is on a screen', () => {
    const saved = { x: 100, y: 50, width: 1200, height: 800 };
    expect(fitWindowBounds(saved, [laptop])).toEqual(saved);
    expect(
      fitWindowBounds({ x: 1500, y: 20, width: 1600, height: 1000 }, [laptop, monitor]),
    ).toEqual({
      x: 1500,
      y: 20,
      width: 1600,
      height: 1000,
    });
  });

  it('lets the system place a window whose monitor is gone', () => {
    expect(fitWindowBounds({ x: 1500, y: 20, width: 1600, height: 1000 }, [laptop])).toEqual({
      width: 1440,
      height: 900,
    });
  });

  it('drops a position whose title bar is above the screen', () => {
    expect(fitWindowBounds({ x: 10, y: -500, width: 800, height: 600 }, [laptop])).toEqual({
      width: 800,
      height: 600,
    });
  });

  it('shrinks a window larger than its screen', () => {
    expect(fitWindowBounds({ x: 0, y: 0, width: 5000, height: 4000 }, [laptop])).toEqual({
      x: 0,
      y: 0,
      width: 1440,
      height: 900,
    });
  });

  it('copes with no known screen and with no saved position', () => {
    expect(fitWindowBounds({ width: 800, height: 600 }, [])).toEqual({ width: 800, height: 600 });
    expect(fitWindowBounds({ width: 800, height: 600 }, [laptop])).toEqual({
      width: 800,
      height: 600,
    });
  });
});

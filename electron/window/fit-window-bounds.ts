export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SavedBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
}

/** How much of the title bar must be on a screen for the user to grab the window. */
const GRAB_WIDTH = 100;
const GRAB_HEIGHT = 32;

function overlap(a: Rect, b: Rect): Rect {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  return {
    x,
    y,
    width: Math.min(a.x + a.width, b.x + b.width) - x,
    height: Math.min(a.y + a.height, b.y + b.height) - y,
  };
}

/**
 * Saved window bounds made safe for the screens attached now: the position is kept only when the
 * title bar is still reachable on one of them (a monitor may have been unplugged), and the size
 * never exceeds the screen. `workAreas[0]` is the primary screen.
 */
export function fitWindowBounds(saved: SavedBounds, workAreas: readonly Rect[]): SavedBounds {
  const primary = workAreas[0];
  if (saved.x !== undefined && saved.y !== undefined) {
    const titleBar: Rect = { x: saved.x, y: saved.y, width: saved.width, height: GRAB_HEIGHT };
    const screen = workAreas.find((area) => {
      const o = overlap(titleBar, area);
      return o.width >= Math.min(GRAB_WIDTH, saved.width) && o.height >= GRAB_HEIGHT / 2;
    });
    if (screen) {
      return {
        x: saved.x,
        y: saved.y,
        width: Math.min(saved.width, screen.width),
        height: Math.min(saved.height, screen.height),
      };
    }
  }
  if (!primary) return { width: saved.width, height: saved.height };
  return {
    width: Math.min(saved.width, primary.width),
    height: Math.min(saved.height, primary.height),
  };
}

import type { Locator, Page } from 'playwright-core';

export interface LayoutMeasure {
  scrollWidth: number;
  clientWidth: number;
  /** Visible elements whose right edge passes the window's and that no scroll box clips. */
  overflowing: string[];
  /** How many lines each visible screen tab's label takes. */
  tabLines: number[];
  /** Header items (tabs, chip, buttons) not wholly inside the window. */
  headerOverflowing: string[];
}

/** Measures the window's layout as the tester sees it: overflow, tab lines, what is in view. */
export class LayoutProbe {
  constructor(readonly page: Page) {}

  measure(): Promise<LayoutMeasure> {
    return this.page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      const width = root.clientWidth;
      const describe = (el: Element) => {
        const id = el.getAttribute('data-testid');
        const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
        return `${el.tagName.toLowerCase()}${id ? `[${id}]` : ''}${cls ? `.${cls}` : ''}`;
      };
      const clippedByScrollBox = (el: Element): boolean => {
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          const style = getComputedStyle(a);
          if (style.overflowX !== 'visible' && a.getBoundingClientRect().right <= width + 1)
            return true;
        }
        return false;
      };
      /** Cut off by a box that hides overflow (not one that scrolls): text the tester cannot read. */
      const cutOff = (el: Element, rect: DOMRect): boolean => {
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          const style = getComputedStyle(a);
          if (style.overflowX === 'hidden' || style.overflowX === 'clip') {
            if (style.textOverflow === 'ellipsis') return false;
            return rect.right > a.getBoundingClientRect().right + 1;
          }
          if (style.overflowX !== 'visible') return false;
        }
        return false;
      };
      const overflowing: string[] = [];
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        const rect = el.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        if (getComputedStyle(el).visibility === 'hidden') continue;
        if (rect.right > width + 1 && !clippedByScrollBox(el)) overflowing.push(describe(el));
        else if (cutOff(el, rect)) overflowing.push(`${describe(el)} (cut off)`);
        // A pane that scrolls sideways (code and text boxes may).
        const style = getComputedStyle(el);
        if (
          (style.overflowX === 'auto' || style.overflowX === 'scroll') &&
          el.scrollWidth > el.clientWidth + 1 &&
          !['PRE', 'TEXTAREA', 'CODE'].includes(el.tagName)
        )
          overflowing.push(`${describe(el)} (scrolls sideways)`);
      }
      const tabLines = Array.from(document.querySelectorAll<HTMLElement>('[role="tab"] .nav-label'))
        .filter((label) => label.getClientRects().length > 0)
        .map((label) => {
          const lineHeight = parseFloat(getComputedStyle(label).lineHeight) || 18;
          return Math.round(label.getBoundingClientRect().height / lineHeight);
        });
      const headerOverflowing = Array.from(
        document.querySelectorAll('.app-header button, .app-header [role="tab"]'),
      )
        .filter((el) => {
          const r = el.getBoundingClientRect();
          if (r.width === 0 || getComputedStyle(el).visibility === 'hidden') return false;
          return r.left < 0 || r.right > width + 1;
        })
        .map(describe);
      return {
        scrollWidth: root.scrollWidth,
        clientWidth: width,
        overflowing: overflowing.slice(0, 20),
        tabLines,
        headerOverflowing,
      };
    });
  }

  /** Whether the element is wholly inside the window (nothing needs scrolling to reach it). */
  async fullyInView(locator: Locator): Promise<boolean> {
    const box = await locator.boundingBox();
    const size = this.page.viewportSize();
    if (!box || !size) return false;
    return (
      box.x >= 0 &&
      box.y >= 0 &&
      box.x + box.width <= size.width + 0.5 &&
      box.y + box.height <= size.height + 0.5
    );
  }
}

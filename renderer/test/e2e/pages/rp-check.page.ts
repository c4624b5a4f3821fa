import type { Locator, Page } from 'playwright-core';

/** The relying-party check screen. */
export class RpCheckPage {
  constructor(readonly page: Page) {}

  get screen(): Locator {
    return this.page.getByTestId('rp-check-screen');
  }

  async waitState(state: 'idle' | 'running' | 'finished'): Promise<void> {
    await this.page.locator(`[data-testid="rp-check-screen"][data-state="${state}"]`).waitFor();
  }

  get plan(): Locator {
    return this.page.getByTestId('rp-plan');
  }

  get start(): Locator {
    return this.page.getByTestId('rp-start');
  }

  get current(): Locator {
    return this.page.getByTestId('rp-current');
  }

  get instruction(): Locator {
    return this.page.getByTestId('rp-instruction');
  }

  get evidence(): Locator {
    return this.page.getByTestId('rp-evidence').locator('li');
  }

  get waiting(): Locator {
    return this.page.getByTestId('rp-waiting');
  }

  get note(): Locator {
    return this.page.getByTestId('rp-note');
  }

  /** "What did your service show?" and its answers. */
  get question(): Locator {
    return this.page.getByTestId('rp-question');
  }

  answer(which: 'signed-in' | 'refused' | 'no-identity'): Locator {
    return this.page.getByTestId(`rp-answer-${which}`);
  }

  verdict(which: 'pass' | 'fail' | 'skip' | 'retry'): Locator {
    return this.page.getByTestId(`rp-${which}`);
  }

  step(id: string): Locator {
    return this.page.getByTestId(`rp-step-${id}`);
  }

  async waitStep(id: string, status: string): Promise<void> {
    await this.page.locator(`[data-testid="rp-step-${id}"][data-status="${status}"]`).waitFor();
  }

  count(which: 'passed' | 'failed'): Locator {
    return this.page.getByTestId(`rp-count-${which}`);
  }

  exportLink(format: 'html' | 'json' | 'junit'): Locator {
    return this.page.getByTestId(`rp-export-${format}`);
  }
}

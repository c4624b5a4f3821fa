import type { Locator, Page } from 'playwright-core';

/** The request log: toolbar, rows and the selected exchange's detail. */
export class LogPage {
  constructor(readonly page: Page) {}

  get screen(): Locator {
    return this.page.getByTestId('log-screen');
  }

  get rows(): Locator {
    return this.page.getByTestId('log-row');
  }

  rowsFor(endpoint: string): Locator {
    return this.page.locator(`[data-testid="log-row"][data-endpoint="${endpoint}"]`);
  }

  get filter(): Locator {
    return this.page.getByTestId('log-filter');
  }

  get endpointFilter(): Locator {
    return this.page.getByTestId('log-endpoint-filter');
  }

  outcome(which: 'all' | 'success' | 'error'): Locator {
    // The radio is visually hidden; its label is what a person clicks.
    return this.page.locator('label.segment', {
      has: this.page.getByTestId(`log-outcome-${which}`),
    });
  }

  get count(): Locator {
    return this.page.getByTestId('log-count');
  }

  get detail(): Locator {
    return this.page.getByTestId('exchange-detail');
  }

  tab(which: 'request' | 'response' | 'tokens'): Locator {
    return this.page.getByTestId(`detail-tab-${which}`);
  }

  get responseBody(): Locator {
    return this.page.getByTestId('response-body');
  }

  get pause(): Locator {
    return this.page.getByTestId('log-pause');
  }

  get clear(): Locator {
    return this.page.getByTestId('log-clear');
  }

  get harLink(): Locator {
    return this.page.getByTestId('log-export-har');
  }

  async seqs(): Promise<number[]> {
    return (await this.rows.evaluateAll((els) =>
      els.map((e) => Number(e.getAttribute('data-seq'))),
    )) as number[];
  }

  async select(endpoint: string): Promise<void> {
    await this.rowsFor(endpoint).first().click();
    await this.detail.waitFor();
  }
}

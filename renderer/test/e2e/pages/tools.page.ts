import type { Locator, Page } from 'playwright-core';

/** The tester's tools: the test client above the log, resend/compare, and the inspector's key tools. */
export class ToolsPage {
  constructor(readonly page: Page) {}

  get runButton(): Locator {
    return this.page.getByTestId('test-client-run');
  }
  get flow(): Locator {
    return this.page.getByTestId('test-client-flow');
  }
  get result(): Locator {
    return this.page.getByTestId('test-client-result');
  }
  get refusals(): Locator {
    return this.page.getByTestId('test-client-refusals');
  }
  get keyToggle(): Locator {
    return this.page.getByTestId('test-client-key-toggle');
  }
  get keyBox(): Locator {
    return this.page.getByTestId('test-client-key');
  }
  get commandsToggle(): Locator {
    return this.page.getByTestId('test-client-commands-toggle');
  }
  get authorizeUrl(): Locator {
    return this.page.getByTestId('test-client-authorize-url');
  }
  curl(step: number): Locator {
    return this.page.getByTestId(`test-client-curl-${step}`);
  }

  /** Runs the test client and waits for its result (its outcome attribute). */
  async signIn(flow: 'authentication' | 'identity'): Promise<string> {
    await this.flow.selectOption(flow);
    await this.runButton.click();
    await this.page.locator('[data-testid="test-client-run"]:not([disabled])').waitFor();
    await this.result.waitFor();
    return (await this.result.getAttribute('data-outcome')) ?? '';
  }

  get resend(): Locator {
    return this.page.getByTestId('resend');
  }
  get resendResult(): Locator {
    return this.page.getByTestId('resend-result');
  }
  get compare(): Locator {
    return this.page.getByTestId('compare');
  }
  get compareView(): Locator {
    return this.page.getByTestId('compare-view');
  }
  compareRow(field: string): Locator {
    return this.page.locator(`[data-testid="compare-row"][data-field="${field}"]`);
  }

  get verifyUrl(): Locator {
    return this.page.getByTestId('verify-url');
  }
  get verifyKey(): Locator {
    return this.page.getByTestId('verify-key');
  }
  get verifyResult(): Locator {
    return this.page.getByTestId('verify-result');
  }
  get verifyError(): Locator {
    return this.page.getByTestId('verify-error');
  }
  get resignClaims(): Locator {
    return this.page.getByTestId('resign-claims');
  }
}

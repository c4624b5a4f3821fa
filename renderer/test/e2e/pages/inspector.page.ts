import type { Locator, Page } from 'playwright-core';

/** The token inspector: token views with their checks, and the paste box. */
export class InspectorPage {
  constructor(readonly page: Page) {}

  get screen(): Locator {
    return this.page.getByTestId('tokens-screen');
  }

  tokenView(role?: string): Locator {
    return role
      ? this.page.locator(`[data-testid="token-view"][data-role="${role}"]`)
      : this.page.getByTestId('token-view');
  }

  check(view: Locator, name: string): Locator {
    return view.locator(`[data-testid="token-check"][data-check-name="${name}"]`);
  }

  get pasteBox(): Locator {
    return this.page.getByTestId('paste-token');
  }

  get pasteError(): Locator {
    return this.page.getByTestId('paste-error');
  }

  async inspect(token: string): Promise<void> {
    await this.pasteBox.fill(token);
    await this.page.getByTestId('paste-inspect').click();
  }
}

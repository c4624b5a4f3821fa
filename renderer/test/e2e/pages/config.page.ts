import type { Locator, Page } from 'playwright-core';

/** The configuration form. Fields are found by their wire path (responseConfiguration.email). */
export class ConfigPage {
  constructor(readonly page: Page) {}

  get screen(): Locator {
    return this.page.getByTestId('config-screen');
  }

  field(path: string): Locator {
    return this.page.getByTestId(`field-${path}`);
  }

  /** The text input of a single-value field. */
  input(path: string): Locator {
    return this.page.locator(`#field-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`);
  }

  issue(path: string): Locator {
    return this.field(path).getByTestId('field-issue');
  }

  changedMarker(path: string): Locator {
    return this.field(path).getByTestId('changed-marker');
  }

  get applyButton(): Locator {
    return this.page.getByTestId('apply-config');
  }

  get applyState(): Locator {
    return this.page.getByTestId('apply-state');
  }

  get unappliedCount(): Locator {
    return this.page.getByTestId('unapplied-count');
  }

  async setText(path: string, value: string): Promise<void> {
    await this.input(path).fill(value);
  }

  async waitAccepted(): Promise<void> {
    await this.applyState.filter({ hasText: 'The simulator accepts these values.' }).waitFor();
  }

  async apply(): Promise<void> {
    await this.applyButton.click();
    await this.applyState.filter({ hasText: 'Configuration applied.' }).waitFor();
  }

  async resetToDefaults(): Promise<void> {
    await this.page.getByTestId('reset-defaults').click();
    await this.page.getByTestId('confirm-reset').click();
    await this.applyState.filter({ hasText: 'reset to defaults' }).waitFor();
  }
}

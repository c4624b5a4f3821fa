import type { Locator, Page } from 'playwright-core';

export type ScreenName = 'config' | 'scenarios' | 'log' | 'tokens' | 'presets' | 'rp-check';

/** The window around every screen: navigation, active scenarios banner, status bar. */
export class AppPage {
  constructor(readonly page: Page) {}

  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await this.waitConnected();
  }

  async waitConnected(): Promise<void> {
    await this.page.locator('[data-testid="status-connection"][data-state="open"]').waitFor();
  }

  /** Opens a screen by its tab, or from the "More" menu when the tab does not fit. */
  async goTo(screen: ScreenName): Promise<void> {
    const tab = this.page.getByTestId(`nav-${screen}`);
    if ((await tab.count()) === 0) {
      await this.page.getByTestId('nav-more').click();
      await this.page.getByTestId(`nav-more-${screen}`).click();
    } else await tab.click();
    await this.page.locator(`.app[data-screen="${screen}"]`).waitFor();
  }

  navTab(screen: ScreenName): Locator {
    return this.page.getByTestId(`nav-${screen}`);
  }

  get activeScenarios(): Locator {
    return this.page.getByTestId('active-scenarios');
  }

  get activeScenarioChips(): Locator {
    return this.page.getByTestId('active-scenario-chip');
  }

  get statusBar(): Locator {
    return this.page.getByTestId('status-bar');
  }

  get exchangeCount(): Locator {
    return this.page.getByTestId('status-exchange-count');
  }

  get baseUrl(): Locator {
    return this.page.getByTestId('status-base-url');
  }

  get themeToggle(): Locator {
    return this.page.getByTestId('theme-toggle');
  }

  async htmlTheme(): Promise<string | null> {
    return this.page.evaluate(() => document.documentElement.dataset.theme ?? null);
  }

  get helpDialog(): Locator {
    return this.page.getByTestId('help-dialog');
  }
}

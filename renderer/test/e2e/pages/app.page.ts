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

  /**
   * Opens a screen by its tab, or from the "More" menu when the tab does not fit. Right after the
   * window is resized the tabs are still being fitted (a tab may move into "More" between looking
   * and clicking), so a try that finds the layout moving is made again.
   */
  async goTo(screen: ScreenName): Promise<void> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      try {
        const tab = this.page.getByTestId(`nav-${screen}`);
        if ((await tab.count()) === 0) {
          await this.page.getByTestId('nav-more').click({ timeout: 3_000 });
          await this.page.getByTestId(`nav-more-${screen}`).click({ timeout: 3_000 });
        } else await tab.click({ timeout: 3_000 });
        await this.page.locator(`.app[data-screen="${screen}"]`).waitFor({ timeout: 3_000 });
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await this.page.keyboard.press('Escape');
      }
    }
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

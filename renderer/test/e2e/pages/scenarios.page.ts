import type { Locator, Page } from 'playwright-core';

export type ScenarioGroup =
  'authoriseErrors' | 'idTokenErrors' | 'coreIdentityErrors' | 'tokenErrors' | 'userInfoErrors';
export type FaultSlot = 'answer' | 'latency';

/** The error scenario toggles. */
export class ScenariosPage {
  constructor(readonly page: Page) {}

  get screen(): Locator {
    return this.page.getByTestId('scenarios-screen');
  }

  toggle(group: ScenarioGroup, name: string): Locator {
    return this.page.getByTestId(`toggle-${group}-${name}`);
  }

  row(group: ScenarioGroup, name: string): Locator {
    return this.page.getByTestId(`scenario-${group}-${name}`);
  }

  /** Switches a scenario and waits until the simulator confirmed it. */
  async set(group: ScenarioGroup, name: string, on: boolean): Promise<void> {
    const toggle = this.toggle(group, name);
    if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
    await this.row(group, name)
      .and(this.page.locator(`[data-active="${on}"]`))
      .waitFor();
    await this.page.locator('[data-testid="scenarios-screen"][data-busy="false"]').waitFor();
  }

  /** A switch by its accessible name ("JWKS outage", or one carrying "unauthorized_client"). */
  switchNamed(name: string | RegExp): Locator {
    return this.page.getByRole('switch', { name });
  }

  faultRow(target: string, slot: FaultSlot): Locator {
    return this.page.getByTestId(`fault-${target}-${slot}`);
  }

  /** Clicks a switch and waits until the simulator confirmed the change. */
  async click(toggle: Locator, on: boolean): Promise<void> {
    await toggle.click();
    await this.page.locator(`[role="switch"][aria-checked="${on}"]`).and(toggle).waitFor();
    await this.page.locator('[data-testid="scenarios-screen"][data-busy="false"]').waitFor();
  }
}

import type { Locator, Page } from 'playwright-core';

export type PresetKind = 'scenario' | 'persona';

/** Personas & scenarios: the lists, the detail, the editors, the dialogs and the header chip. */
export class PresetsPage {
  constructor(readonly page: Page) {}

  get screen(): Locator {
    return this.page.getByTestId('presets-screen');
  }

  row(kind: PresetKind, id: string): Locator {
    return this.page.locator(`[data-testid="preset-row"][data-kind="${kind}"][data-id="${id}"]`);
  }

  /** Selects a row (shows its detail). */
  async select(kind: PresetKind, id: string): Promise<void> {
    await this.row(kind, id).locator('.preset-row-main').click();
    await this.page
      .locator(`[data-testid="preset-detail"][data-kind="${kind}"][data-id="${id}"]`)
      .waitFor();
  }

  /** Applies from the list and waits until the header names it as active. */
  async apply(kind: PresetKind, id: string, name: string): Promise<void> {
    await this.row(kind, id).getByTestId('apply-preset').click();
    await this.activeLabel.filter({ hasText: name }).waitFor();
  }

  detailButton(which: 'apply' | 'compare' | 'export' | 'duplicate' | 'edit' | 'delete'): Locator {
    return this.page.getByTestId(`detail-${which}`);
  }

  // ---- header chip ----

  get active(): Locator {
    return this.page.getByTestId('active-preset');
  }

  get activeLabel(): Locator {
    return this.page.getByTestId('active-preset-label');
  }

  get activeModified(): Locator {
    return this.page.getByTestId('active-preset-modified');
  }

  // ---- quick switcher ----

  get switcher(): Locator {
    return this.page.getByTestId('quick-switcher');
  }

  get switcherItems(): Locator {
    return this.page.getByTestId('switcher-item');
  }

  async openSwitcher(): Promise<void> {
    await this.page.keyboard.press('Control+k');
    await this.switcher.waitFor();
  }

  // ---- import / export ----

  get importDialog(): Locator {
    return this.page.getByTestId('import-dialog');
  }

  async openImport(): Promise<void> {
    await this.page.getByTestId('open-import').click();
    await this.importDialog.waitFor();
  }

  importFormat(format: 'json' | 'env' | 'config' | 'compose'): Locator {
    // The radio is visually hidden; its label is what a person clicks.
    return this.page.locator('label.segment', {
      has: this.page.getByTestId(`import-format-${format}`),
    });
  }

  get importText(): Locator {
    return this.page.getByTestId('import-text');
  }

  /** The format whose radio is checked. */
  async importFormatChosen(): Promise<string | null> {
    return this.page.locator('input[name="import-format"]:checked').getAttribute('value');
  }

  get importProblems(): Locator {
    return this.page.getByTestId('import-problem');
  }

  importButton(which: 'check' | 'save' | 'save-apply' | 'apply'): Locator {
    return this.page.getByTestId(`import-${which}`);
  }

  get exportDialog(): Locator {
    return this.page.getByTestId('export-dialog');
  }

  exportFormat(format: 'json' | 'env' | 'config' | 'compose'): Locator {
    return this.page.locator('label.segment', {
      has: this.page.getByTestId(`export-format-${format}`),
    });
  }

  exportText(format: string): Locator {
    return this.page.locator(
      `[data-testid="export-text"][data-format="${format}"][data-status="ready"]`,
    );
  }

  // ---- compare ----

  view(which: 'library' | 'compare'): Locator {
    return this.page.locator('label.segment', {
      has: this.page.getByTestId(`presets-view-${which}`),
    });
  }

  get compareLeft(): Locator {
    return this.page.getByTestId('compare-left');
  }

  get compareRight(): Locator {
    return this.page.getByTestId('compare-right');
  }

  compareRow(path: string): Locator {
    return this.page.locator(`[data-testid="compare-row"][data-path="${path}"]`);
  }

  get compareCount(): Locator {
    return this.page.getByTestId('compare-count');
  }

  // ---- persona editor ----

  get personaEditor(): Locator {
    return this.page.getByTestId('persona-editor');
  }

  personaField(path: string): Locator {
    return this.personaEditor.locator(`#field-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`);
  }

  get personaName(): Locator {
    return this.page.getByTestId('persona-name');
  }

  get savePersona(): Locator {
    return this.page.getByTestId('persona-save');
  }

  get notice(): Locator {
    return this.page.getByTestId('preset-notice');
  }
}

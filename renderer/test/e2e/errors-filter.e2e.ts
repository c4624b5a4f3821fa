/**
 * The Errors screen's filter searches every text a card shows: whatever a tester reads on a card
 * finds it. At the three sizes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requires } from '../../../server/test/helpers/requirements.js';
import { openUi, type UiHarness, WINDOW_SIZES } from './fixtures.js';
import { AppPage } from './pages/app.page.js';

const needs = requires('chromium');

/** Words the cards say (effects, expectations, statuses offered, group notes). */
const WORDS = ['timeout', 'fail cleanly', 'rotation', '503', 'wrong key'];

describe.skipIf(needs.skip)('the Errors filter finds what the cards say (Chromium)', () => {
  let ui: UiHarness;
  let app: AppPage;

  beforeAll(async () => {
    ui = await openUi();
    app = new AppPage(ui.page);
  });
  afterAll(async () => {
    await ui?.close();
  });

  for (const size of WINDOW_SIZES) {
    it(`${size.width}×${size.height}: ${WORDS.join(', ')} each find a card that says it`, async () => {
      const page = ui.page;
      await page.setViewportSize(size);
      await app.open(ui.uiUrl);
      await app.goTo('scenarios');
      const filter = page.getByTestId('switch-filter');
      for (const word of WORDS) {
        await filter.fill(word);
        const cards = page.locator('.scenario-group li');
        await expect.poll(() => cards.count(), { timeout: 5000 }).toBeGreaterThan(0);
        // Every group shown says it: on a card, in its settings or in the group's note.
        const texts = await page
          .locator('.scenario-group')
          .evaluateAll((groups) => groups.map((g) => (g.textContent ?? '').toLowerCase()));
        for (const text of texts)
          for (const part of word.split(' ')) expect(text, word).toContain(part);
      }
      await filter.fill('');
      expect(ui.pageErrors).toEqual([]);
    });
  }
});

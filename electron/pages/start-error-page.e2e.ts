import { describe, expect, it } from 'vitest';
import { useChromium } from '../test/chromium.js';
import { CHROMIUM_PATH, requires } from '../../server/test/helpers/requirements.js';
import { buildStartErrorPage } from './start-error-page.js';

const needs = requires('chromium');

// The start-error page in a real Chromium, with a stand-in bridge: its script must run under its
// own Content-Security-Policy and call setPort with the chosen port.
const browser = useChromium(CHROMIUM_PATH, needs.skip);

const page = buildStartErrorPage({
  title: 'The port is already in use',
  message: 'Port 3000 on 127.0.0.1 is already in use by another program.',
  port: 3000,
  host: '127.0.0.1',
  suggestedPort: 3001,
});

describe.skipIf(needs.skip)('start-error page in Chromium', () => {
  it('asks the bridge for the chosen port and shows a refusal', async () => {
    const context = await browser().newContext();
    const tab = await context.newPage();
    const cspErrors: string[] = [];
    tab.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
    });
    await tab.addInitScript(() => {
      const calls: unknown[][] = [];
      Object.assign(globalThis, {
        calls,
        simulatorDesktop: {
          setPort: async (...args: unknown[]) => {
            calls.push(args);
            return {
              ok: false,
              code: 'PORT_IN_USE',
              message: 'Port 4000 on 127.0.0.1 is already in use.',
            };
          },
        },
      });
    });
    await tab.goto(page.url);
    await expect(tab.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'The port is already in use',
    );
    expect(await tab.getByLabel('Port').inputValue()).toBe('3001');
    await tab.getByLabel('Port').fill('4000');
    await tab.getByRole('button', { name: 'Start on this port' }).click();
    await tab.getByText('Port 4000 on 127.0.0.1 is already in use.').waitFor();
    expect(
      await tab.evaluate(() => (globalThis as unknown as { calls: unknown[][] }).calls),
    ).toEqual([[4000, '127.0.0.1']]);
    expect(cspErrors).toEqual([]);
    await context.close();
  });

  it('says to restart when there is no bridge', async () => {
    const context = await browser().newContext();
    const tab = await context.newPage();
    await tab.goto(page.url);
    await tab.getByText('Restart Identity Simulator to choose another port.').waitFor();
    expect(await tab.getByRole('button', { name: 'Start on this port' }).isDisabled()).toBe(true);
    await context.close();
  });
});

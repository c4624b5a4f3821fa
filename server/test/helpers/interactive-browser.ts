/**
 * Chromium against a real simulator in interactive mode, with a tiny local relying party whose
 * callback answers every path with a page: what the interactive-form browser tests share.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { defaultConfig, listeningSimulator, type ListeningSimulator } from './test-simulator.js';
import { CHROMIUM_PATH } from './requirements.js';

const CHROMIUM = CHROMIUM_PATH;

export interface InteractiveBrowser {
  sim: ListeningSimulator;
  browser: Browser;
  /** The relying party's registered callback. */
  redirectUri: string;
  close(): Promise<void>;
}

/**
 * Starts the three; undefined when Chromium is missing (the test file's `requires('chromium')`
 * has then skipped its suite, or failed the run under CI).
 */
export async function startInteractiveBrowser(): Promise<InteractiveBrowser | undefined> {
  if (!existsSync(CHROMIUM)) return undefined;
  const relyingParty = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!DOCTYPE html><html lang="en"><title>callback</title><h1>callback</h1></html>');
  });
  await new Promise<void>((resolve) => relyingParty.listen(0, '127.0.0.1', resolve));
  const { port } = relyingParty.address() as AddressInfo;
  const redirectUri = `http://127.0.0.1:${port}/oidc/authorization-code/callback`;
  const sim = await listeningSimulator({ config: { ...defaultConfig(), interactiveMode: true } });
  const registered = sim.simulator.config.update({
    clientConfiguration: { redirectUrls: [redirectUri] },
    errorConfiguration: sim.simulator.config.get().errorConfiguration,
  });
  if (!registered.ok) throw new Error(JSON.stringify(registered.error));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  return {
    sim,
    browser,
    redirectUri,
    async close() {
      await browser.close();
      await sim.close();
      await new Promise((resolve) => relyingParty.close(resolve));
    },
  };
}

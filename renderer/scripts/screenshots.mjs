#!/usr/bin/env node
/**
 * Screenshots of the tester's window for the README.
 *
 * Starts a headless simulator in this process (from the compiled dist/server, with a temporary
 * data folder), runs a few real relying-party flows over HTTP (one with the INVALID_SIGNATURE ID
 * token scenario), then opens the UI in Chromium and saves PNGs of the main screens to
 * renderer/screenshots/. Then it saves a persona and a scenario, applies the scenario and shoots
 * the personas & scenarios screen, the quick switcher and a comparison.
 *
 * Needs `npm run build` first. Options: --out <dir>, --dark (also save dark-theme shots),
 * --chromium <path> (default /usr/bin/chromium, or CHROMIUM_PATH).
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SignJWT, importPKCS8 } from 'jose';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');

const { values: args } = parseArgs({
  options: {
    out: { type: 'string', default: join(repo, 'renderer', 'screenshots') },
    dark: { type: 'boolean', default: false },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});

const serverEntry = join(repo, 'dist', 'server', 'src', 'index.js');
const uiDir = join(repo, 'dist', 'renderer');
for (const [what, path] of [
  ['compiled server', serverEntry],
  ['built UI', join(uiDir, 'index.html')],
]) {
  if (!existsSync(path)) {
    console.error(`The ${what} is missing (${path}). Run \`npm run build\` first.`);
    process.exit(1);
  }
}
if (!existsSync(args.chromium)) {
  console.error(
    `Chromium not found at ${args.chromium} (apt-get install -y chromium, or --chromium <path>).`,
  );
  process.exit(1);
}

const { createSimulator, startSimulator } = await import(serverEntry);

const CLIENT_ID = 'HGIOgho9HIRhgoepdIOPFdIUWgewi0jw';
const REDIRECT_URI = 'http://localhost:8080/oidc/authorization-code/callback';
const VOCAB = 'https://vocab.account.gov.uk/v1';
const privateKey = await importPKCS8(
  await readFile(join(repo, 'server', 'keys', 'default-client-private-key.pem'), 'utf8'),
  'RS256',
);

/** One authorize → token → userinfo flow, as a relying party would run it. */
async function runFlow(baseUrl, { identity = false, state = randomUUID() } = {}) {
  const query = new URLSearchParams({
    response_type: 'code',
    scope: 'openid email phone',
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    state,
    nonce: randomUUID(),
  });
  if (identity) {
    query.set('vtr', '["Cl.Cm.P2"]');
    query.set(
      'claims',
      JSON.stringify({
        userinfo: { [`${VOCAB}/coreIdentityJWT`]: null, [`${VOCAB}/address`]: null },
      }),
    );
  }
  const authorize = await fetch(`${baseUrl}/authorize?${query}`, { redirect: 'manual' });
  const location = authorize.headers.get('location');
  if (!location) throw new Error(`/authorize answered ${authorize.status} without a Location`);
  const code = new URL(location).searchParams.get('code');
  if (!code) return { location };
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({
    iss: CLIENT_ID,
    sub: CLIENT_ID,
    aud: `${baseUrl}/token`,
    jti: randomUUID(),
    iat: now,
    exp: now + 300,
  })
    .setProtectedHeader({ alg: 'RS256' })
    .sign(privateKey);
  const token = await fetch(`${baseUrl}/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'screenshot-rp/1.0',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
    }),
  });
  const tokens = await token.json();
  if (!tokens.access_token) return { location, tokens };
  const userinfo = await fetch(`${baseUrl}/userinfo`, {
    headers: { authorization: `Bearer ${tokens.access_token}`, 'user-agent': 'screenshot-rp/1.0' },
  });
  return { location, tokens, userinfo: await userinfo.json() };
}

async function postConfig(baseUrl, patch) {
  const current = await (await fetch(`${baseUrl}/config`)).json();
  const body = {
    clientConfiguration: current.clientConfiguration,
    responseConfiguration: { ...current.responseConfiguration, ...patch.responseConfiguration },
    errorConfiguration: patch.errorConfiguration ?? current.errorConfiguration,
    simulatorUrl: current.simulatorUrl,
  };
  const res = await fetch(`${baseUrl}/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST /config answered ${res.status}: ${await res.text()}`);
}

const dataDir = await mkdtemp(join(tmpdir(), 'identity-simulator-shots-'));
// The status bar shows the app's version, as the desktop app and headless mode do.
const { version } = JSON.parse(await readFile(join(repo, 'package.json'), 'utf8'));
const simulator = createSimulator({ uiDir, dataDir, version });
const started = await startSimulator(simulator, { port: 0 });
if (!started.ok) {
  console.error(`The simulator could not listen: ${started.error.code} ${started.error.detail}`);
  process.exit(1);
}
const running = started.value;
const baseUrl = running.url;
// Relying parties use the simulator URL as issuer and token audience: point it here.
{
  const c = await (await fetch(`${baseUrl}/config`)).json();
  const res = await fetch(`${baseUrl}/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      clientConfiguration: c.clientConfiguration,
      responseConfiguration: c.responseConfiguration,
      errorConfiguration: c.errorConfiguration,
      simulatorUrl: baseUrl,
    }),
  });
  if (!res.ok) throw new Error(`POST /config answered ${res.status}: ${await res.text()}`);
}

const browser = await chromium.launch({
  executablePath: args.chromium,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const shots = [];
try {
  await mkdir(args.out, { recursive: true });

  // A little history: a plain sign-in, an identity sign-in, discovery, a changed email.
  await fetch(`${baseUrl}/.well-known/openid-configuration`);
  await runFlow(baseUrl);
  await postConfig(baseUrl, { responseConfiguration: { email: 'jane.tester@example.com' } });
  await runFlow(baseUrl, { identity: true });
  await fetch(`${baseUrl}/.well-known/jwks.json`);
  await postConfig(baseUrl, {
    errorConfiguration: {
      authoriseErrors: [],
      idTokenErrors: ['INVALID_SIGNATURE'],
      coreIdentityErrors: [],
    },
  });
  await runFlow(baseUrl, { identity: true });

  for (const theme of args.dark ? ['light', 'dark'] : ['light']) {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      deviceScaleFactor: 1,
      colorScheme: theme,
    });
    const page = await context.newPage();
    const suffix = theme === 'light' ? '' : '-dark';
    const save = async (name) => {
      const path = join(args.out, `${name}${suffix}.png`);
      await page.screenshot({ path });
      shots.push(path);
    };
    await page.goto(`${baseUrl}/_simulator/`);
    await page.getByTestId('status-connection').and(page.locator('[data-state="open"]')).waitFor();

    // Configuration: the user section, with the changed email marked.
    await page.getByTestId('nav-config').click();
    await page.getByTestId('config-screen').waitFor();
    await page.locator('#section-user').scrollIntoViewIfNeeded();
    await page.locator('#field-responseConfiguration-phoneNumber').fill('+447700900123');
    await page
      .getByTestId('apply-state')
      .getByText('accepts')
      .waitFor({ timeout: 5000 })
      .catch(() => undefined);
    await page.evaluate(() =>
      document.querySelector('#section-user')?.scrollIntoView({ block: 'start' }),
    );
    await save('configuration');
    await page.getByRole('button', { name: 'Discard' }).click();

    // Error scenarios, with INVALID_SIGNATURE on, and a deactivated client and a JWKS outage
    // switched on through the admin API (which the request log does not record), off again after.
    const flip = (change) =>
      fetch(`${baseUrl}/_simulator/api/switches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(change),
      });
    const extraSwitches = [
      { group: 'authoriseErrors', name: 'UNAUTHORIZED_CLIENT' },
      { fault: { target: 'jwks', kind: 'outage', status: 503 } },
    ];
    for (const change of extraSwitches) await flip({ ...change, on: true });
    await page.getByTestId('nav-scenarios').click();
    await page.getByTestId('scenarios-screen').waitFor();
    await page.getByTestId('active-scenario-chip').nth(2).waitFor();
    await save('error-scenarios');
    for (const change of extraSwitches) await flip({ ...change, on: false });
    await page.getByTestId('active-scenario-chip').nth(1).waitFor({ state: 'detached' });

    // Request log with the failing /token exchange selected.
    await page.getByTestId('nav-log').click();
    const tokenRow = page.locator('[data-testid="log-row"][data-endpoint="token"]').first();
    await tokenRow.click();
    await page.getByTestId('detail-tab-response').click();
    await save('request-log');

    // Token inspector on the ID token of that exchange.
    await page.getByTestId('detail-tab-tokens').click();
    await page
      .locator('[data-testid="token-view"][data-role="id_token"] [data-testid="open-in-inspector"]')
      .click();
    await page.getByTestId('tokens-screen').waitFor();
    await page.locator('[data-testid="token-check"][data-ok="false"]').first().waitFor();
    await save('token-inspector');
    await context.close();
  }

  // Personas & scenarios: a saved persona and scenario next to the built-ins, one applied.
  const api = `${baseUrl}/_simulator/api`;
  const send = async (method, path, body) => {
    const res = await fetch(`${api}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  await send('POST', '/personas/no-phone/duplicate', { name: 'Cardiff tester' });
  await send('POST', '/scenarios', {
    name: 'Passport user, PKCE',
    description:
      'Verified user with a passport; the client must use PKCE; the core identity has expired.',
    persona: 'identity-passport',
    clientConfiguration: { pkceEnforced: true },
    errorConfiguration: { coreIdentityErrors: ['TOKEN_EXPIRED'] },
  });
  await send('POST', '/scenarios/passport-user-pkce/apply');

  for (const theme of args.dark ? ['light', 'dark'] : ['light']) {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      deviceScaleFactor: 1,
      colorScheme: theme,
    });
    const page = await context.newPage();
    const suffix = theme === 'light' ? '' : '-dark';
    const save = async (name) => {
      const path = join(args.out, `${name}${suffix}.png`);
      await page.screenshot({ path });
      shots.push(path);
    };
    await page.goto(`${baseUrl}/_simulator/`);
    await page.getByTestId('status-connection').and(page.locator('[data-state="open"]')).waitFor();
    await page
      .getByTestId('active-preset-label')
      .filter({ hasText: 'Passport user, PKCE' })
      .waitFor();

    // The library, with the applied scenario open (the header chip opens it).
    await page.getByTestId('active-preset').click();
    await page.locator('[data-testid="preset-detail"][data-id="passport-user-pkce"]').waitFor();
    await save('personas-scenarios');

    // The quick switcher (Ctrl+K), filtered.
    await page.keyboard.press('Control+k');
    await page.getByTestId('switcher-input').fill('passport');
    await page.getByTestId('switcher-item').first().waitFor();
    await save('quick-switcher');
    await page.keyboard.press('Escape');

    // The active configuration against the defaults.
    await page.getByTestId('presets-view-compare').check({ force: true });
    await page.getByTestId('compare-active-defaults').click();
    await page.getByTestId('compare-row').first().waitFor();
    await page.getByTestId('compare-count').filter({ hasText: 'differences' }).waitFor();
    await save('scenario-compare');
    await context.close();
  }

  // The relying-party check: the default plan, a few steps in, one sign-in under way.
  await send('POST', '/rp-check/start', { plan: 'default' });
  const rpStep = async () => (await send('GET', '/rp-check')).currentStep;
  const waitStep = async (n) => {
    for (let i = 0; i < 200 && (await rpStep()) !== n; i++)
      await new Promise((r) => setTimeout(r, 25));
  };
  await runFlow(baseUrl);
  await waitStep(1);
  await runFlow(baseUrl, { identity: true });
  await waitStep(2);
  await send('POST', '/rp-check/verdict', {
    step: 'return-code',
    verdict: 'skip',
    note: 'return codes are not enabled for this service yet',
  });
  await waitStep(3);
  await runFlow(baseUrl);
  await waitStep(4);
  await fetch(`${baseUrl}/.well-known/openid-configuration`);
  await fetch(
    `${baseUrl}/authorize?${new URLSearchParams({
      response_type: 'code',
      scope: 'openid email phone',
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      state: randomUUID(),
      nonce: randomUUID(),
    })}`,
    { redirect: 'manual' },
  );
  {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      deviceScaleFactor: 1,
      colorScheme: 'light',
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/_simulator/`);
    await page.getByTestId('status-connection').and(page.locator('[data-state="open"]')).waitFor();
    await page.getByTestId('nav-rp-check').click();
    await page.getByTestId('rp-evidence').locator('li').nth(1).waitFor();
    // Let the button that turned from Start into Stop finish its colour transition.
    await page.waitForTimeout(300);
    const path = join(args.out, 'rp-check.png');
    await page.screenshot({ path });
    shots.push(path);
    await context.close();
  }
  await send('POST', '/rp-check/stop');
} finally {
  await browser.close();
  await running.close();
  await rm(dataDir, { recursive: true, force: true });
}
for (const s of shots) console.log(`saved ${s}`);

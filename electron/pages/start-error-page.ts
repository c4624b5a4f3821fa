import { createHash } from 'node:crypto';

export interface StartErrorPageInput {
  title: string;
  /** What went wrong and what to do, in plain words. */
  message: string;
  /** The port and address that failed. */
  port: number;
  host: string;
  /** A port that was free a moment ago, offered in the form; null when none was found. */
  suggestedPort: number | null;
}

export interface StartErrorPage {
  html: string;
  /** The page as a data: URL, loaded by the window (and trusted by the bridge, exactly). */
  url: string;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const sha256 = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
main { max-width: 34rem; padding: 2rem; }
h1 { font-size: 1.5rem; margin: 0 0 1rem; }
p { line-height: 1.5; }
form { display: flex; gap: .5rem; align-items: end; flex-wrap: wrap; margin-top: 1.5rem; }
label { display: flex; flex-direction: column; gap: .25rem; font-weight: 600; }
input { font: inherit; padding: .4rem .5rem; width: 8rem; }
button { font: inherit; padding: .45rem 1rem; border: 0; border-radius: 4px; background: #0b6e78; color: #fff; cursor: pointer; }
button:disabled { opacity: .6; cursor: default; }
#status { min-height: 1.5em; margin-top: 1rem; }
.detail { opacity: .75; font-size: .9rem; }
`;

const SCRIPT = `
(() => {
  const form = document.getElementById('port-form');
  const input = document.getElementById('port');
  const button = document.getElementById('choose');
  const status = document.getElementById('status');
  const bridge = window.simulatorDesktop;
  if (!bridge || typeof bridge.setPort !== 'function') {
    status.textContent = 'Restart Identity Simulator to choose another port.';
    button.disabled = true;
    return;
  }
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const port = Number(input.value);
    button.disabled = true;
    status.textContent = 'Starting the simulator on port ' + port + '\\u2026';
    try {
      const result = await bridge.setPort(port, form.dataset.host);
      if (!result.ok) status.textContent = result.message;
    } catch {
      status.textContent = 'The port could not be changed. Try another one.';
    }
    button.disabled = false;
  });
})();
`;

/**
 * The page the window shows when the provider could not start: what went wrong, and a form to
 * choose another port through the desktop bridge. A static page with one hashed inline script,
 * under a Content-Security-Policy that allows nothing else.
 */
export function buildStartErrorPage(input: StartErrorPageInput): StartErrorPage {
  const policy = [
    "default-src 'none'",
    `script-src ${sha256(SCRIPT)}`,
    `style-src ${sha256(STYLE)}`,
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
  const suggested = input.suggestedPort === null ? '' : String(input.suggestedPort);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(policy)}">
<title>Identity Simulator: ${escapeHtml(input.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(input.title)}</h1>
<p>${escapeHtml(input.message)}</p>
<p class="detail">The simulator tried to listen on ${escapeHtml(input.host)}:${input.port}.</p>
<form id="port-form" data-host="${escapeHtml(input.host)}">
<label for="port">Port
<input id="port" name="port" type="number" min="1" max="65535" required value="${suggested}">
</label>
<button id="choose" type="submit">Start on this port</button>
</form>
<p id="status" role="status" aria-live="polite"></p>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
  return { html, url: `data:text/html;charset=utf-8,${encodeURIComponent(html)}` };
}

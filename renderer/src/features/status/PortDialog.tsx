import { useState } from 'react';
import { Dialog } from '../../components/Dialog.js';
import { getDesktopBridge, HEADLESS_PORT_HELP, parsePortInput } from '../../api/desktop-bridge.js';
import { useAppStore } from '../../store/app-store-context.js';
import { selectors } from '../../store/selectors.js';

/** Changes the port through the desktop shell, or explains how to in headless mode. */
export function PortDialog() {
  const close = useAppStore((s) => s.openDialog);
  const port = useAppStore(selectors.port);
  const bridge = getDesktopBridge();
  const [text, setText] = useState(port === null ? '' : String(port));
  const [message, setMessage] = useState<{ tone: 'bad' | 'ok'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const parsed = parsePortInput(text);
    if (!parsed.ok) {
      setMessage({ tone: 'bad', text: parsed.message });
      return;
    }
    if (!bridge) return;
    setBusy(true);
    const result = await bridge.setPort(parsed.port);
    setBusy(false);
    if (result.ok) {
      // The desktop shell loads the UI from the new address itself.
      setMessage({
        tone: 'ok',
        text: `Now listening on ${result.url}. The window reloads from there.`,
      });
    } else {
      setMessage({ tone: 'bad', text: `${result.message} (${result.code})` });
    }
  };

  return (
    <Dialog title="Port" onClose={() => close(null)} testId="port-dialog">
      {bridge ? (
        <form
          className="port-form"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <label htmlFor="port-input">Listen on port</label>
          <div className="input-row">
            <input
              id="port-input"
              className="input mono"
              inputMode="numeric"
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={message?.tone === 'bad'}
            />
            <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
              Restart on this port
            </button>
          </div>
          <p className="muted small">
            The simulator restarts; its log starts empty. Update your relying party’s URLs.
          </p>
          {message ? (
            <p className={`small tone-${message.tone}`} role="alert">
              {message.text}
            </p>
          ) : null}
        </form>
      ) : (
        <div data-testid="port-headless">
          <p>
            The simulator listens on port <strong className="mono">{port ?? '…'}</strong>.
          </p>
          <p className="muted">{HEADLESS_PORT_HELP}</p>
          <pre className="code-inline">PORT=4000 npm run headless</pre>
          <p className="muted small">
            Set SIMULATOR_URL to match if relying parties reach it through another address.
          </p>
        </div>
      )}
    </Dialog>
  );
}

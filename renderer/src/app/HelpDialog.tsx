import { Dialog } from '../components/Dialog.js';
import { Kbd } from '../components/Kbd.js';
import { SHORTCUT_HELP } from './shortcuts.js';
import { useAppStore } from '../store/app-store-context.js';

export function HelpDialog() {
  const close = useAppStore((s) => s.openDialog);
  return (
    <Dialog title="Keyboard shortcuts" onClose={() => close(null)} testId="help-dialog" wide>
      <div className="help-grid">
        {SHORTCUT_HELP.map((g) => (
          <section key={g.group}>
            <h3 className="sub-head">{g.group}</h3>
            <dl className="help-list">
              {g.items.map((item) => (
                <div key={item.what} className="help-row">
                  <dt>
                    {item.keys.map((k, i) => (
                      <span key={k}>
                        {i > 0 ? <span className="muted"> or </span> : null}
                        {k.split(' ').map((part, j) => (
                          <span key={part}>
                            {j > 0 ? (
                              k.startsWith('g ') ? (
                                <span className="muted"> then </span>
                              ) : (
                                ' '
                              )
                            ) : null}
                            <Kbd>{part}</Kbd>
                          </span>
                        ))}
                      </span>
                    ))}
                  </dt>
                  <dd>{item.what}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}

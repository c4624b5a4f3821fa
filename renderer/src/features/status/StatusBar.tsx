import { CopyButton } from '../../components/CopyButton.js';
import { Icon } from '../../components/Icon.js';
import { useAppStore } from '../../store/app-store-context.js';
import { selectors } from '../../store/selectors.js';

const STREAM_LABELS = {
  connecting: 'Connecting…',
  open: 'Live',
  reconnecting: 'Reconnecting…',
  closed: 'Disconnected',
} as const;

/** Bottom bar: connection, base URL, port, discovery URL, exchange count, default client. */
export function StatusBar() {
  const stream = useAppStore((s) => s.stream);
  const baseUrl = useAppStore(selectors.baseUrl);
  const discoveryUrl = useAppStore(selectors.discoveryUrl);
  const port = useAppStore(selectors.port);
  const count = useAppStore(selectors.exchangeCount);
  const version = useAppStore((s) => s.status?.version);
  const openDialog = useAppStore((s) => s.openDialog);
  return (
    <footer className="status-bar" data-testid="status-bar" aria-label="Simulator status">
      <span
        className={`status-conn conn-${stream}`}
        data-testid="status-connection"
        data-state={stream}
        role="status"
        aria-live="polite"
      >
        <span className="conn-dot" aria-hidden="true" />
        {STREAM_LABELS[stream]}
      </span>
      <span className="status-item status-base">
        <span className="status-label">Base URL</span>
        <a
          className="mono"
          href={baseUrl ?? undefined}
          target="_blank"
          rel="noreferrer"
          title={baseUrl ?? undefined}
          data-testid="status-base-url"
        >
          {baseUrl ?? '…'}
        </a>
        {baseUrl ? (
          <CopyButton text={baseUrl} label="Copy base URL" testId="copy-base-url" />
        ) : null}
      </span>
      <span className="status-item">
        <span className="status-label">Port</span>
        <button
          type="button"
          className="link-btn mono"
          onClick={() => openDialog('port')}
          data-testid="status-port"
          title="Change the port"
        >
          {port ?? '…'}
        </button>
      </span>
      <span className="status-item status-discovery">
        <span className="status-label">Discovery</span>
        <span className="mono ellipsis" title={discoveryUrl ?? undefined}>
          {discoveryUrl ? discoveryUrl.replace(/^https?:\/\//, '') : '…'}
        </span>
        {discoveryUrl ? <CopyButton text={discoveryUrl} label="Copy discovery URL" /> : null}
      </span>
      <span className="spacer" />
      <span className="status-item" data-testid="status-exchange-count">
        <Icon name="list" size={12} />
        {count.toLocaleString()} {count === 1 ? 'exchange' : 'exchanges'}
      </span>
      <button
        type="button"
        className="status-item link-btn"
        onClick={() => openDialog('client')}
        data-testid="open-client-details"
      >
        <Icon name="key" size={12} />
        Default client
      </button>
      {version ? <span className="status-item status-version muted">v{version}</span> : null}
    </footer>
  );
}

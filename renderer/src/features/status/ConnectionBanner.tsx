import { Icon } from '../../components/Icon.js';
import { useAppStore } from '../../store/app-store-context.js';

/** Says so when the simulator cannot be reached, instead of showing stale data silently. */
export function ConnectionBanner() {
  const stream = useAppStore((s) => s.stream);
  const everConnected = useAppStore((s) => s.connectedAt !== null);
  const loadError = useAppStore((s) => s.loadError);
  const lost = everConnected && stream !== 'open';
  if (!lost && !loadError) return null;
  return (
    <div className="connection-banner" role="alert" data-testid="connection-banner">
      <Icon name="alert" size={14} />
      {lost
        ? 'Lost the connection to the simulator. Reconnecting… What you see may be out of date.'
        : loadError}
    </div>
  );
}

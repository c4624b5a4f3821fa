import { CopyButton } from '../../components/CopyButton.js';
import { useAppStore } from '../../store/app-store-context.js';

function kidOf(key: Record<string, unknown>): string {
  return typeof key.kid === 'string' ? key.kid : '(no kid)';
}

/** The simulator's published signing keys: which one signs now, which are only published. */
export function KeysPanel() {
  const keys = useAppStore((s) => s.keys);
  const error = useAppStore((s) => s.keysError);
  if (!keys) return <p className="muted small">{error ?? 'Loading keys…'}</p>;
  const didMethods = Array.isArray(keys.coreIdentity.did.assertionMethod)
    ? (keys.coreIdentity.did.assertionMethod as Record<string, unknown>[])
    : [];
  const signingIds = new Set(Object.values(keys.idToken.signingKid));
  return (
    <div className="keys-panel" data-testid="keys-panel">
      <div className="keys-col">
        <h4 className="sub-head">ID token keys (/.well-known/jwks.json)</h4>
        <ul className="key-list">
          {keys.idToken.jwks.keys.map((k) => {
            const kid = kidOf(k);
            return (
              <li key={kid}>
                <span className={`chip ${signingIds.has(kid) ? 'chip-ok' : ''}`}>
                  {signingIds.has(kid) ? 'signing' : 'published'}
                </span>
                <code className="mono ellipsis" title={kid}>
                  {kid}
                </code>
                <span className="muted small">{String(k.alg ?? k.kty ?? '')}</span>
                <CopyButton text={kid} label={`Copy kid ${kid}`} />
              </li>
            );
          })}
        </ul>
      </div>
      <div className="keys-col">
        <h4 className="sub-head">Core identity keys (/.well-known/did.json)</h4>
        <ul className="key-list">
          {didMethods.map((m) => {
            const id = typeof m.id === 'string' ? m.id : '(no id)';
            const signing =
              id === keys.coreIdentity.signingKid ||
              id.endsWith(`#${keys.coreIdentity.signingKid}`);
            return (
              <li key={id}>
                <span className={`chip ${signing ? 'chip-ok' : ''}`}>
                  {signing ? 'signing' : 'published'}
                </span>
                <code className="mono ellipsis" title={id}>
                  {id}
                </code>
                <CopyButton text={id} label={`Copy key id ${id}`} />
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

import { CopyButton } from '../../components/CopyButton.js';
import { useAppStore } from '../../store/app-store-context.js';
import { selectors } from '../../store/selectors.js';
import { DEFAULT_CLIENT_KEY_PATH } from '../status/ClientDetailsDialog.js';

/** The start of the default client's public key (server/keys/default-client-public-key.pem). */
export const DEFAULT_CLIENT_KEY_START =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAmXXR3EsRvUMVhEJMtQ1w';

/** Whether a PEM (or its base64 body) is the default client's public key. */
export function isDefaultClientKey(pem: string): boolean {
  return pem
    .replace(/-----[^-]+-----/g, '')
    .replace(/\s+/g, '')
    .startsWith(DEFAULT_CLIENT_KEY_START);
}

/** One setting the service needs: its name, its value and a copy button. */
function Setting({ name, value, id }: { name: string; value: string; id: string }) {
  return (
    <div className="rp-service-setting" data-testid={`rp-service-${id}`}>
      <dt className="small muted">{name}</dt>
      <dd>
        <span className="mono rp-service-value">{value}</span>
        <CopyButton text={value} label={`Copy ${name.toLowerCase()}`} testId={`copy-${id}`} />
      </dd>
    </div>
  );
}

/**
 * What the service under check must be set up with (the simulator's configuration now): the
 * check judges a service that uses this client, this key and this redirect URL.
 */
export function ServiceSettings() {
  const client = useAppStore((s) => s.current?.clientConfiguration);
  const discovery = useAppStore(selectors.discoveryUrl);
  if (!client) return null;
  const usesDefaultKey =
    client.publicKeySource !== 'JWKS' && isDefaultClientKey(client.publicKey ?? '');
  return (
    <section className="rp-service" aria-label="Your service’s settings" data-testid="rp-service">
      <h2 className="mini-head">Your service needs</h2>
      <dl className="rp-service-list">
        {discovery ? <Setting name="Discovery URL" value={discovery} id="discovery" /> : null}
        <Setting name="Client ID" value={client.clientId} id="client-id" />
        {client.redirectUrls.slice(0, 1).map((u) => (
          <Setting key={u} name="Redirect URL" value={u} id="redirect-url" />
        ))}
        {client.token_auth_method === 'client_secret_post' ? (
          <div className="rp-service-setting" data-testid="rp-service-key">
            <dt className="small muted">Client authentication</dt>
            <dd>client_secret_post, with the secret whose hash is configured</dd>
          </div>
        ) : usesDefaultKey ? (
          <Setting name="Private key (file)" value={DEFAULT_CLIENT_KEY_PATH} id="key" />
        ) : (
          <div className="rp-service-setting" data-testid="rp-service-key">
            <dt className="small muted">Private key</dt>
            <dd>the pair of the public key set under Config › Auth &amp; signing</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

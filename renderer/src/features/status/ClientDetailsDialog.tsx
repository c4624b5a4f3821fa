import { CopyButton } from '../../components/CopyButton.js';
import { Dialog } from '../../components/Dialog.js';
import { KeyValueTable } from '../../components/KeyValueTable.js';
import { useAppStore } from '../../store/app-store-context.js';
import { selectors } from '../../store/selectors.js';

export const DEFAULT_CLIENT_KEY_PATH = 'server/keys/default-client-private-key.pem';

const withCopy = (text: string, label: string) => (
  <span className="copy-line">
    <span className="mono">{text}</span>
    <CopyButton text={text} label={`Copy ${label}`} />
  </span>
);

/** What a relying party needs to talk to the simulator with the default client. */
export function ClientDetailsDialog() {
  const close = useAppStore((s) => s.openDialog);
  const client = useAppStore((s) => s.current?.clientConfiguration);
  const baseUrl = useAppStore(selectors.baseUrl) ?? '';
  const discovery = useAppStore(selectors.discoveryUrl) ?? '';
  const base = baseUrl.replace(/\/+$/, '');
  return (
    <Dialog title="Default client" onClose={() => close(null)} testId="client-dialog" wide>
      <p className="muted">
        Configure your relying party with these values. They follow the current configuration.
      </p>
      {client ? (
        <KeyValueTable
          plainKeys
          label="Client details"
          rows={[
            ['Client ID', withCopy(client.clientId, 'client ID')],
            [
              'Redirect URLs',
              <span className="stack">
                {client.redirectUrls.map((u) => withCopy(u, 'redirect URL'))}
              </span>,
            ],
            [
              'Post-logout URLs',
              client.postLogoutRedirectUrls.length ? (
                <span className="stack">
                  {client.postLogoutRedirectUrls.map((u) => withCopy(u, 'post-logout URL'))}
                </span>
              ) : (
                'none'
              ),
            ],
            ['Scopes', client.scopes.join(' ')],
            ['Authentication', client.token_auth_method],
            ['ID token algorithm', client.idTokenSigningAlgorithm],
            [
              'Private key',
              <span className="stack">
                {withCopy(DEFAULT_CLIENT_KEY_PATH, 'private key path')}
                <span className="muted small note">
                  In the repository. The simulator’s default public key is its pair; sign client
                  assertions (RS256) with it, aud {base}/token.
                </span>
              </span>,
            ],
            ['Discovery', withCopy(discovery, 'discovery URL')],
            ['Token endpoint', withCopy(`${base}/token`, 'token endpoint')],
          ]}
        />
      ) : (
        <p className="muted">Loading…</p>
      )}
    </Dialog>
  );
}

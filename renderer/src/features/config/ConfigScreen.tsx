import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Icon } from '../../components/Icon.js';
import { getDesktopBridge } from '../../api/desktop-bridge.js';
import { useAppStore, useAppStoreApi } from '../../store/app-store-context.js';
import { ApplyBar } from './ApplyBar.js';
import { exportConfigFile, importConfigFile } from './config-file.js';
import {
  CheckboxesField,
  ChoiceField,
  SwitchField,
  TextAreaField,
  TextField,
  UrlListField,
} from './fields.js';
import { CLAIM_NAMES, FIELD, LEVELS, SCOPES, VOCAB_PREFIX } from './form-model.js';
import { KeysPanel } from './KeysPanel.js';
import { PublicKeyField } from './PublicKeyField.js';
import { ResponseFields } from './ResponseFields.js';
import { sectionInView } from './section-in-view.js';

const SECTIONS = [
  { id: 'client', title: 'Client', icon: 'settings' },
  { id: 'auth', title: 'Auth & signing', icon: 'key' },
  { id: 'user', title: 'User', icon: 'user' },
  { id: 'identity', title: 'Core identity', icon: 'shield' },
  { id: 'addresses', title: 'Addresses', icon: 'list' },
  { id: 'documents', title: 'Documents', icon: 'token' },
  { id: 'simulator', title: 'Simulator & keys', icon: 'monitor' },
] as const;

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section
      className="config-section"
      id={`section-${id}`}
      aria-labelledby={`section-${id}-title`}
      data-testid={`config-section-${id}`}
    >
      <header className="config-section-head">
        <h2 id={`section-${id}-title`}>{title}</h2>
        {description ? <p className="muted">{description}</p> : null}
      </header>
      <div className="config-grid">{children}</div>
    </section>
  );
}

function AuthFields() {
  const method = useAppStore((s) => s.draft?.clientConfiguration.token_auth_method);
  const source = useAppStore((s) => s.draft?.clientConfiguration.publicKeySource);
  return (
    <>
      <ChoiceField
        path={FIELD.client('idTokenSigningAlgorithm')}
        label="ID token algorithm"
        hint="ES256 by default; RS256 for clients whose tooling cannot use ES256."
        options={[{ value: 'ES256' }, { value: 'RS256' }]}
      />
      <ChoiceField
        path={FIELD.client('token_auth_method')}
        label="Token endpoint authentication"
        hint="How the client authenticates at /token."
        options={[{ value: 'private_key_jwt' }, { value: 'client_secret_post' }]}
      />
      {method === 'client_secret_post' ? (
        <TextAreaField
          path={FIELD.client('client_secret_hash')}
          label="Client secret hash"
          hint="Argon2id PHC string of the client secret ($argon2id$v=19$m=…,t=…,p=…$salt$hash)."
          placeholder="$argon2id$v=19$m=65536,t=3,p=4$…"
          rows={2}
          wide
        />
      ) : null}
      <ChoiceField
        path={FIELD.client('publicKeySource')}
        label="Public key source"
        hint="STATIC: the key below. JWKS: fetched from the client’s JWKS URL."
        options={[{ value: 'STATIC' }, { value: 'JWKS' }]}
      />
      {source === 'JWKS' ? (
        <TextField
          path={FIELD.client('jwksUrl')}
          label="JWKS URL"
          placeholder="https://client.example/.well-known/jwks.json"
          mono
          wide
        />
      ) : null}
      {source !== 'JWKS' ? <PublicKeyField /> : null}
      <SwitchField
        path={FIELD.client('pkceEnforced')}
        label="PKCE enforced"
        hint="code_challenge (S256) required on /authorize."
      />
      <SwitchField
        path={FIELD.client('maxAgeEnabled')}
        label="max_age allowed"
        hint="Honour max_age on /authorize for this client."
      />
    </>
  );
}

/** The configuration form: every field validated by the simulator as you type. */
export function ConfigScreen() {
  const loaded = useAppStore((s) => s.draft !== null);
  const loadError = useAppStore((s) => s.loadError);
  const store = useAppStoreApi();
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileMessage, setFileMessage] = useState<string | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [activeSection, setActiveSection] = useState<string>(SECTIONS[0].id);

  // Highlight the section in view in the side navigation.
  useEffect(() => {
    const root = scrollRef.current;
    if (!root) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const top = root.getBoundingClientRect().top;
      const tops = SECTIONS.flatMap((s) => {
        const el = document.getElementById(`section-${s.id}`);
        return el ? [{ id: s.id, top: el.getBoundingClientRect().top - top }] : [];
      });
      const atEnd = root.scrollTop + root.clientHeight >= root.scrollHeight - 4;
      const id = sectionInView(tops, root.clientHeight, atEnd);
      if (id) setActiveSection(id);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    root.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      root.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [loaded]);

  const importText = (text: string | null) => {
    if (text === null) return;
    const draft = store.getState().draft;
    if (!draft) return;
    const result = importConfigFile(text, draft);
    if (!result.ok) {
      setFileMessage(result.message);
      return;
    }
    setFileMessage('Imported into the form; review and Apply.');
    store.getState().replaceDraft(result.config);
  };

  const onExport = () => {
    const draft = store.getState().draft;
    if (!draft) return;
    const text = exportConfigFile(draft);
    const bridge = getDesktopBridge();
    if (bridge) {
      void bridge.exportConfig(text).then((result) => {
        if (result.ok) setFileMessage(`Saved to ${result.path}.`);
        else if (result.code !== 'CANCELLED') setFileMessage(`Not saved: ${result.message}`);
      });
      return;
    }
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'identity-simulator-config.json';
    a.click();
    URL.revokeObjectURL(url);
  };

  const onImport = () => {
    const bridge = getDesktopBridge();
    if (bridge) void bridge.importConfig().then(importText);
    else fileInput.current?.click();
  };

  if (!loaded) {
    return (
      <div className="screen-pad">
        <p className="muted" data-testid="config-loading">
          {loadError ?? 'Loading the configuration…'}
        </p>
      </div>
    );
  }

  return (
    <div className="config-screen" data-testid="config-screen">
      <nav className="config-nav" aria-label="Configuration sections">
        {SECTIONS.map((s) => (
          <a
            key={s.id}
            href={`#section-${s.id}`}
            className={activeSection === s.id ? 'is-active' : undefined}
            aria-current={activeSection === s.id ? 'location' : undefined}
            onClick={(e) => {
              e.preventDefault();
              document
                .getElementById(`section-${s.id}`)
                ?.scrollIntoView({ block: 'start', behavior: 'smooth' });
            }}
          >
            <Icon name={s.icon} size={13} />
            {s.title}
          </a>
        ))}
        <p className="config-nav-note muted small">
          Edits are checked by the simulator as you type and take effect on <strong>Apply</strong>.
          Error scenarios apply at once on their own screen.
        </p>
      </nav>
      <div className="config-main">
        <div className="config-scroll" ref={scrollRef}>
          {fileMessage ? (
            <div className="notice" role="status">
              {fileMessage}
              <button
                type="button"
                className="icon-btn"
                aria-label="Dismiss"
                onClick={() => setFileMessage(null)}
              >
                <Icon name="x" size={12} />
              </button>
            </div>
          ) : null}
          <Section
            id="client"
            title="Client"
            description="The relying party registered with the simulator."
          >
            <TextField path={FIELD.client('clientId')} label="Client ID" mono wide />
            <UrlListField
              path={FIELD.client('redirectUrls')}
              label="Redirect URLs"
              itemLabel="Redirect URL"
              hint="A request’s redirect_uri must equal one of these exactly."
              placeholder="https://rp.example/callback"
              wide
            />
            <UrlListField
              path={FIELD.client('postLogoutRedirectUrls')}
              label="Post-logout redirect URLs"
              itemLabel="Post-logout redirect URL"
              placeholder="https://rp.example/signed-out"
              wide
            />
            <CheckboxesField
              path={FIELD.client('scopes')}
              label="Scopes"
              options={SCOPES.map((s) => ({ value: s, label: s }))}
            />
            <CheckboxesField
              path={FIELD.client('clientLoCs')}
              label="Levels of confidence"
              hint="Identity levels the client may request (vtr Cl.Cm.P2…)."
              options={LEVELS.map((l) => ({ value: l, label: l }))}
            />
            <CheckboxesField
              path={FIELD.client('claims')}
              label="Claims"
              hint={`Identity claims the client may request, each under ${VOCAB_PREFIX}.`}
              options={CLAIM_NAMES.map((c) => ({
                value: `${VOCAB_PREFIX}${c}`,
                label: c,
                title: `${VOCAB_PREFIX}${c}`,
              }))}
              wide
            />
            <SwitchField
              path={FIELD.client('identityVerificationSupported')}
              label="Identity verification supported"
            />
          </Section>
          <Section
            id="auth"
            title="Authentication & signing"
            description="How the client proves itself at /token and how its ID tokens are signed."
          >
            <AuthFields />
          </Section>
          <ResponseFields Section={Section} />
          <Section
            id="simulator"
            title="Simulator & keys"
            description="Where relying parties reach the simulator, and key rotation."
          >
            <TextField
              path={['simulatorUrl']}
              label="Simulator URL"
              hint="Base of the issuer and every endpoint; a client assertion’s aud must be {simulatorUrl}/token."
              placeholder="http://localhost:3000"
              mono
              wide
            />
            <SwitchField
              path={['interactiveMode']}
              label="Interactive mode"
              hint="Show a form after /authorize to edit the response for each sign-in."
              wide
            />
            <SwitchField
              path={['publishNewIdTokenKeysEnabled']}
              label="Publish new ID token keys"
              hint="Add the next keys to the JWKS (rotation, step 1)."
            />
            <SwitchField
              path={['usingNewIdTokenSigningKeys']}
              label="Sign ID tokens with the new keys"
              hint="Rotation, step 2: relying parties must pick the key by kid."
            />
            <SwitchField
              path={['oldIdTokenKeysRetired']}
              label="Retire the old ID token keys"
              hint="Rotation, step 3: the old keys leave the JWKS; tokens signed with them must be refused."
            />
            <SwitchField
              path={['publishNewCoreIdentityKeysEnabled']}
              label="Publish new core identity key"
              hint="Add the next key to the DID document."
            />
            <SwitchField
              path={['usingNewCoreIdentitySigningKeys']}
              label="Sign core identity with the new key"
              hint="Relying parties must resolve kid against the DID document."
            />
            <SwitchField
              path={['oldCoreIdentityKeysRetired']}
              label="Retire the old core identity key"
              hint="The old key leaves assertionMethod; identities signed with it must be refused."
            />
            <div className="field field-wide">
              <KeysPanel />
            </div>
          </Section>
        </div>
        <ApplyBar onExport={onExport} onImport={onImport} />
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          hidden
          aria-hidden="true"
          tabIndex={-1}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void file.text().then(importText);
          }}
        />
      </div>
    </div>
  );
}

import { useAppStore } from '../../store/app-store-context.js';
import { selectors } from '../../store/selectors.js';
import { decodeToken } from './decode-token.js';

/** Verify the shown token with the tester's own key or a JWKS/DID URL (checked by the simulator). */
function VerifyWithKey({ token }: { token: string }) {
  const source = useAppStore((s) => s.keySource);
  const keyText = useAppStore((s) => s.verifyKeyText);
  const url = useAppStore((s) => s.verifyUrl);
  const check = useAppStore((s) => s.keyCheck);
  const base = useAppStore(selectors.baseUrl);
  const setSource = useAppStore((s) => s.setKeySource);
  const setKeyText = useAppStore((s) => s.setVerifyKeyText);
  const setUrl = useAppStore((s) => s.setVerifyUrl);
  const verify = useAppStore((s) => s.verifyWithKey);
  const root = base?.replace(/\/+$/, '') ?? '';
  const result = check.state === 'ready' && check.token === token ? check.result : null;
  return (
    <form
      className="key-tool"
      aria-labelledby="verify-key-title"
      onSubmit={(e) => {
        e.preventDefault();
        void verify(token, `${root}/.well-known/jwks.json`);
      }}
      data-testid="verify-with-key"
    >
      <h3 id="verify-key-title">Verify with my key</h3>
      <div className="key-tool-row" role="radiogroup" aria-label="Key source">
        <label className="inline-check">
          <input
            type="radio"
            name="key-source"
            checked={source === 'url'}
            onChange={() => setSource('url')}
            data-testid="verify-source-url"
          />
          JWKS or DID document URL
        </label>
        <label className="inline-check">
          <input
            type="radio"
            name="key-source"
            checked={source === 'key'}
            onChange={() => setSource('key')}
            data-testid="verify-source-key"
          />
          Paste a key (PEM, JWK or JWKS)
        </label>
      </div>
      {source === 'url' ? (
        <>
          <input
            className="input mono"
            type="url"
            value={url}
            placeholder={`${root}/.well-known/jwks.json`}
            onChange={(e) => setUrl(e.target.value)}
            aria-label="JWKS or DID document URL"
            data-testid="verify-url"
          />
          {root ? (
            <p className="muted small">
              Fetched by the simulator: loopback addresses, its own address and the client’s JWKS
              URL only.{' '}
              <button
                type="button"
                className="link-btn"
                onClick={() => setUrl(`${root}/.well-known/jwks.json`)}
              >
                its JWKS
              </button>{' '}
              ·{' '}
              <button
                type="button"
                className="link-btn"
                onClick={() => setUrl(`${root}/.well-known/did.json`)}
              >
                its DID document
              </button>
            </p>
          ) : null}
        </>
      ) : (
        <textarea
          className="input mono textarea"
          rows={4}
          spellCheck={false}
          value={keyText}
          placeholder='-----BEGIN PUBLIC KEY-----  or  {"kty": …}  or  {"keys": […]}'
          onChange={(e) => setKeyText(e.target.value)}
          aria-label="Key to verify with"
          data-testid="verify-key"
        />
      )}
      <div className="key-tool-row">
        <button
          type="submit"
          className="btn btn-sm"
          disabled={check.state === 'loading'}
          data-testid="verify-run"
        >
          Verify signature
        </button>
        {result ? (
          <span
            className={`small ${result.ok ? 'tone-ok' : 'tone-bad'}`}
            role="status"
            data-testid="verify-result"
            data-ok={String(result.ok)}
          >
            {result.ok ? '✓ ' : '✗ '}
            {result.detail}
          </span>
        ) : null}
        {result?.ok ? (
          <span className="small muted" data-testid="verify-matching-key">
            Matching key: kid {String(result.header?.kid ?? '(none)')} ·{' '}
            {String(result.header?.alg ?? '?')} · from{' '}
            {source === 'key' ? 'the key pasted' : url.trim() || `${root}/.well-known/jwks.json`}
          </span>
        ) : null}
        {check.state === 'error' ? (
          <span className="small tone-bad" role="alert" data-testid="verify-error">
            {check.message}
          </span>
        ) : null}
      </div>
    </form>
  );
}

/** Edit the shown token's claims and sign them again, with the simulator's key or a wrong one. */
function Resign({ token }: { token: string }) {
  const from = useAppStore((s) => s.resignFrom);
  const claimsText = useAppStore((s) => s.resignClaims);
  const state = useAppStore((s) => s.resign);
  const edit = useAppStore((s) => s.editClaims);
  const setClaims = useAppStore((s) => s.setResignClaims);
  const resign = useAppStore((s) => s.resignToken);
  const editing = from === token;
  return (
    <section className="key-tool" aria-labelledby="resign-title" data-testid="resign">
      <h3 id="resign-title">Edit claims and re-sign</h3>
      {!editing ? (
        <div className="key-tool-row">
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => edit(token, decodeToken(token).claims)}
            data-testid="resign-edit"
          >
            Edit the claims
          </button>
          <span className="muted small">to hand-craft a case from this token.</span>
        </div>
      ) : (
        <>
          <textarea
            className="input mono textarea"
            rows={10}
            spellCheck={false}
            value={claimsText}
            onChange={(e) => setClaims(e.target.value)}
            aria-label="Claims (JSON)"
            data-testid="resign-claims"
          />
          <div className="key-tool-row">
            <button
              type="button"
              className="btn btn-sm btn-primary"
              onClick={() => void resign('simulator')}
              disabled={state.state === 'loading'}
              data-testid="resign-simulator"
            >
              Re-sign with the simulator’s key
            </button>
            <button
              type="button"
              className="btn btn-sm btn-warn"
              onClick={() => void resign('wrong')}
              disabled={state.state === 'loading'}
              data-testid="resign-wrong"
            >
              Re-sign with a wrong key
            </button>
          </div>
        </>
      )}
      {state.state === 'ready' && editing ? (
        <p className="small muted" role="status" data-testid="resign-result">
          Re-signed with {state.signedWith}. It is now the pasted token, checked above; copy it from
          the paste box.
        </p>
      ) : null}
      {state.state === 'error' ? (
        <p className="small tone-bad" role="alert" data-testid="resign-error">
          {state.message}
        </p>
      ) : null}
    </section>
  );
}

/** The inspector's tools beyond decoding: verify with one's own key, and re-sign edited claims. */
export function KeyTools({ token }: { token: string }) {
  return (
    <div className="key-tools" data-testid="key-tools">
      <VerifyWithKey token={token} />
      <Resign token={token} />
    </div>
  );
}

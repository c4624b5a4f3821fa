import { useEffect, useRef, useState } from 'react';
import { useAppStore } from '../../store/app-store-context.js';
import { parseClaimsText } from '../../store/tools-slice.js';
import { decodeToken } from './decode-token.js';

type Key = 'simulator' | 'wrong';
const pretty = (value: Record<string, unknown> | null) =>
  value ? JSON.stringify(value, null, 2) : '{}';

/** Whether a text is a JSON object, or why not (named after the part edited). */
function parsePart(part: 'header' | 'payload', text: string) {
  const parsed = parseClaimsText(text);
  return parsed.ok ? parsed : { ok: false as const, message: `The ${part}: ${parsed.message}` };
}

/**
 * The pasted token's header and payload as JSON, editable; each valid edit is signed again at
 * once (with the simulator's key or a never-published one) and the token shown follows, as
 * jwt.io does. Invalid JSON is named inline and the last good token stays.
 */
export function EditInPlace({ token }: { token: string }) {
  const resignInPlace = useAppStore((s) => s.resignInPlace);
  const [header, setHeader] = useState(() => pretty(decodeToken(token).header));
  const [payload, setPayload] = useState(() => pretty(decodeToken(token).claims));
  const [key, setKey] = useState<Key>('simulator');
  const [error, setError] = useState<string | null>(null);
  const [signing, setSigning] = useState(false);
  const produced = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const base = useRef(token);

  // Another token pasted (not one signed here): start again from it.
  useEffect(() => {
    if (token === produced.current) return;
    base.current = token;
    const decoded = decodeToken(token);
    setHeader(pretty(decoded.header));
    setPayload(pretty(decoded.claims));
    setError(null);
  }, [token]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const schedule = (nextHeader: string, nextPayload: string, nextKey: Key) => {
    if (timer.current) clearTimeout(timer.current);
    const h = parsePart('header', nextHeader);
    const p = parsePart('payload', nextPayload);
    if (!h.ok || !p.ok) {
      setError(!h.ok ? h.message : (p as { message: string }).message);
      return;
    }
    setError(null);
    timer.current = setTimeout(() => {
      setSigning(true);
      const signed = (t: string) => {
        produced.current = t;
      };
      void resignInPlace(base.current, h.claims, p.claims, nextKey, signed).then((result) => {
        setSigning(false);
        if (!result.ok) setError(result.message);
      });
    }, 400);
  };

  return (
    <section className="key-tool" aria-labelledby="edit-in-place-title" data-testid="edit-in-place">
      <h3 id="edit-in-place-title">Edit and re-sign in place</h3>
      <div className="key-tool-row" role="radiogroup" aria-label="Sign with">
        {(['simulator', 'wrong'] as const).map((k) => (
          <label className="inline-check" key={k}>
            <input
              type="radio"
              name="edit-in-place-key"
              checked={key === k}
              onChange={() => {
                setKey(k);
                schedule(header, payload, k);
              }}
              data-testid={`edit-in-place-key-${k}`}
            />
            {k === 'simulator' ? 'The simulator’s key' : 'A wrong key (verification must fail)'}
          </label>
        ))}
      </div>
      <div className="edit-in-place-parts">
        <label className="small">
          Header
          <textarea
            className="input mono textarea"
            rows={5}
            spellCheck={false}
            value={header}
            onChange={(e) => {
              setHeader(e.target.value);
              schedule(e.target.value, payload, key);
            }}
            data-testid="edit-in-place-header"
          />
        </label>
        <label className="small">
          Payload
          <textarea
            className="input mono textarea"
            rows={10}
            spellCheck={false}
            value={payload}
            onChange={(e) => {
              setPayload(e.target.value);
              schedule(header, e.target.value, key);
            }}
            data-testid="edit-in-place-payload"
          />
        </label>
      </div>
      {error ? (
        <p className="small tone-bad" role="alert" data-testid="edit-in-place-error">
          {error} The token shown is the last good one.
        </p>
      ) : (
        <p className="small muted" role="status" data-testid="edit-in-place-status">
          {signing
            ? 'Signing…'
            : 'Each valid edit is signed again at once; alg and kid follow the key chosen.'}
        </p>
      )}
    </section>
  );
}

import { useState } from 'react';
import type { Exchange } from '../../../../server/src/contract.js';
import type { ResendEdits } from '../../api/tools-client.js';
import { useAppStore } from '../../store/app-store-context.js';
import { HEADERS_SET_ON_RESEND } from '../../../../server/src/shared/resend-set-headers.js';

type Row = { name: string; value: string };

const rowsOf = (record: Record<string, unknown>): Row[] =>
  Object.entries(record).map(([name, value]) => ({
    name,
    value: typeof value === 'string' ? value : JSON.stringify(value),
  }));
const recordOf = (rows: Row[]): Record<string, string> =>
  Object.fromEntries(rows.filter((r) => r.name.trim() !== '').map((r) => [r.name.trim(), r.value]));

/** The logged body as fields (a form) or as raw text. */
function initialBody(e: Exchange): { form: Row[] | null; raw: string } {
  const { body, headers } = e.request;
  const isForm = (headers['content-type'] ?? '').includes('x-www-form-urlencoded');
  if (isForm && typeof body === 'object' && body !== null && !Array.isArray(body))
    return { form: rowsOf(body as Record<string, unknown>), raw: '' };
  if (body === undefined) return { form: null, raw: '' };
  return { form: null, raw: typeof body === 'string' ? body : JSON.stringify(body, null, 2) };
}

function Rows({
  label,
  testId,
  rows,
  onChange,
}: {
  label: string;
  testId: string;
  rows: Row[];
  onChange: (rows: Row[]) => void;
}) {
  const set = (i: number, patch: Partial<Row>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="resend-rows" data-testid={testId}>
      <legend className="small">{label}</legend>
      {rows.map((r, i) => (
        <div className="resend-row" key={i}>
          <input
            aria-label={`${label} name`}
            value={r.name}
            onChange={(ev) => set(i, { name: ev.target.value })}
            data-testid={`${testId}-name-${r.name}`}
          />
          <input
            aria-label={`${label} ${r.name}`}
            value={r.value}
            onChange={(ev) => set(i, { value: ev.target.value })}
            data-testid={`${testId}-value-${r.name}`}
          />
          <button
            type="button"
            className="link-btn"
            aria-label={`Remove ${r.name}`}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            ×
          </button>
        </div>
      ))}
      <button
        type="button"
        className="link-btn small"
        onClick={() => onChange([...rows, { name: '', value: '' }])}
      >
        Add
      </button>
    </fieldset>
  );
}

/**
 * Edit a logged request before sending it again: the method and path stay; the query, the
 * headers and the body (form fields or raw text) start as they were logged.
 */
export function ResendEditor({ e, onClose }: { e: Exchange; onClose: () => void }) {
  const resend = useAppStore((s) => s.resend);
  const resendExchange = useAppStore((s) => s.resendExchange);
  const [query, setQuery] = useState(() => rowsOf(e.request.query));
  const [headers, setHeaders] = useState(() =>
    rowsOf(e.request.headers).filter((r) => !HEADERS_SET_ON_RESEND.has(r.name.toLowerCase())),
  );
  const start = initialBody(e);
  const [form, setForm] = useState<Row[] | null>(start.form);
  const [raw, setRaw] = useState(start.raw);
  const hasBody = e.request.body !== undefined;
  const send = () => {
    const edits: ResendEdits = { query: recordOf(query), headers: recordOf(headers) };
    if (form) edits.body = new URLSearchParams(recordOf(form)).toString();
    else if (hasBody) edits.body = raw;
    void resendExchange(e.id, 'resign', edits);
  };
  return (
    <section className="resend-editor" aria-label="Edit and resend" data-testid="resend-editor">
      <p className="small">
        <code>
          {e.request.method.toUpperCase()} {e.request.path}
        </code>{' '}
        <span className="muted">(sent to the simulator itself)</span>
      </p>
      <Rows label="Query" testId="resend-query" rows={query} onChange={setQuery} />
      <Rows label="Headers" testId="resend-headers" rows={headers} onChange={setHeaders} />
      {form ? (
        <Rows label="Body (form)" testId="resend-form" rows={form} onChange={setForm} />
      ) : hasBody ? (
        <label className="small resend-raw">
          Body
          <textarea
            value={raw}
            onChange={(ev) => setRaw(ev.target.value)}
            rows={5}
            data-testid="resend-body"
          />
        </label>
      ) : null}
      <div className="exchange-actions">
        <button
          type="button"
          className="btn btn-sm btn-primary"
          onClick={send}
          disabled={resend.state === 'sending'}
          data-testid="resend-send"
        >
          Send
        </button>
        <button type="button" className="btn btn-sm" onClick={onClose}>
          Cancel
        </button>
      </div>
    </section>
  );
}

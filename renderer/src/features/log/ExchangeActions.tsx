import type { Exchange } from '../../../../server/src/contract.js';
import { Icon } from '../../components/Icon.js';
import { useAppStore } from '../../store/app-store-context.js';
import { ResendEditor } from './ResendEditor.js';

/** Resend the selected exchange, or set it aside to compare with another. */
export function ExchangeActions({ e }: { e: Exchange }) {
  const resend = useAppStore((s) => s.resend);
  const resendExchange = useAppStore((s) => s.resendExchange);
  const compareId = useAppStore((s) => s.compareId);
  const setCompareId = useAppStore((s) => s.setCompareId);
  const sending = resend.state === 'sending';
  const editing = useAppStore((s) => s.resendEditingId);
  const setEditing = useAppStore((s) => s.setResendEditingId);
  const mine =
    resend.state === 'done' && (resend.exchangeId === e.id || resend.newId === e.id)
      ? resend
      : null;
  return (
    <>
      <div className="exchange-actions">
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => void resendExchange(e.id)}
          disabled={sending}
          title="Send the same request again (a client assertion is re-signed with a fresh jti when the default key signed it)"
          data-testid="resend"
        >
          <Icon name="undo" size={12} />
          {sending && resend.exchangeId === e.id ? 'Sending…' : 'Resend'}
        </button>
        <button
          type="button"
          className="btn btn-sm"
          aria-expanded={editing === e.id}
          onClick={() => setEditing(editing === e.id ? null : e.id)}
          disabled={sending || e.request.bodyTruncated === true}
          title="Change the query, headers or body, then send the request again"
          data-testid="resend-edit"
        >
          Edit and resend
        </button>
        <button
          type="button"
          className="btn btn-sm"
          aria-pressed={compareId === e.id}
          onClick={() => setCompareId(compareId === e.id ? null : e.id)}
          title="Set this exchange aside, then select another to see both side by side"
          data-testid="compare"
        >
          <Icon name="list" size={12} />
          {compareId === e.id ? 'Pick another to compare…' : 'Compare'}
        </button>
        {mine ? (
          <span
            className={`small ${mine.ok ? 'muted' : 'tone-bad'}`}
            role="status"
            data-testid="resend-result"
          >
            {mine.message}
            {mine.canSendAsIs ? (
              <>
                {' '}
                <button
                  type="button"
                  className="link-btn"
                  onClick={() => void resendExchange(e.id, 'as-is', mine.edits)}
                  data-testid="resend-as-is"
                >
                  Send it unchanged
                </button>
              </>
            ) : null}
          </span>
        ) : null}
      </div>
      {editing === e.id ? <ResendEditor e={e} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
